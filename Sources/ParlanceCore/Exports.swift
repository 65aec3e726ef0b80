// The catalog model, its readers, tags and plural rules live in ParlanceCatalogs; an app that
// imports ParlanceCore (or Parlance) sees them as before.
@_exported import ParlanceCatalogs
