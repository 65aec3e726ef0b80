// The runtime's core (and through it the catalog model); an app that imports Parlance sees
// every type it saw before the core became a module of its own.
@_exported import ParlanceCore
@_exported import ParlanceCatalogs
