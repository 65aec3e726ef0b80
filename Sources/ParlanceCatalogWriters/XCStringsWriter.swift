import Foundation
import ParlanceCatalogs

/// Writes String Catalogs (`.xcstrings`) byte for byte the way Xcode does, so a
/// catalog read with ``/ParlanceCatalogs/XCStringsReader`` and written back shows no diff.
///
/// Xcode sorts the members of every object in Finder order; ``KeyOrder/preserved``
/// keeps the order of keys and languages the catalog holds instead, for files edited
/// outside Xcode. Everything Parlance does not model (``/ParlanceCatalogs/UnknownFields``) is written
/// back in its sorted place.
///
/// A String Catalog cannot hold everything the model can: width variations
/// (``/ParlanceCatalogs/Variations/width(_:)``, from `.stringsdict`) have no place in one. The writer
/// leaves them out and reports each, by key, rather than fail or drop them silently.
public struct XCStringsWriter: Sendable {
    /// How the keys of `strings` and the languages of each entry are ordered.
    public enum KeyOrder: Hashable, Sendable {
        /// Sorted in Finder order at every level, as Xcode writes them.
        case xcode
        /// In the order the catalog holds them (the file's order, for a catalog that was
        /// read), so hand-edited files round-trip; all other members are sorted.
        case preserved
    }

    /// How keys are ordered in the output.
    public var keyOrder: KeyOrder

    /// A writer; by default it orders keys as Xcode does.
    public init(keyOrder: KeyOrder = .xcode) {
        self.keyOrder = keyOrder
    }

    /// Writes a catalog.
    ///
    /// A catalog without a ``/ParlanceCatalogs/Catalog/version`` (one converted from `.strings`, say) is
    /// written as version `1.0`, which every Xcode with String Catalogs reads. States
    /// that are `nil` are left out. The file ends with a newline only when
    /// ``/ParlanceCatalogs/Catalog/endsWithNewline`` is set; Xcode writes none.
    ///
    /// - Parameter catalog: The catalog to write.
    /// - Returns: The file's UTF-8 bytes, and one warning for each thing that could not
    ///   be written, naming its key; empty when nothing was lost.
    public func write(_ catalog: Catalog) -> (data: Data, dropped: [Diagnostic]) {
        var writer = CatalogTextWriter(keyOrder: keyOrder, table: catalog.table)
        writer.writeCatalog(catalog)
        return (Data(writer.text.bytes), writer.dropped)
    }
}
