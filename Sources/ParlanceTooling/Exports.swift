// The writers (String Catalogs, .strings, .stringsdict) are tools' alone: ParlanceTooling
// brings them to its users, and the runtime an app links does not carry them.
@_exported import ParlanceCatalogWriters
