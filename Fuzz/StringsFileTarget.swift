import Foundation
import Parlance
import ParlanceCatalogWriters

/// Fuzzes ``StringsFileReader``: any bytes must read or throw a ``ParseError``, and whatever
/// reads must survive ``StringsFileWriter`` and read back to the same pairs, as its
/// documentation promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let file: StringsFile
    do {
        file = try StringsFileReader.read(data, path: "Fuzz.strings")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    for diagnostic in file.diagnostics { _ = diagnostic.description }
    _ = file.table

    let written = StringsFileWriter.write(file.entries.map { ($0.key, $0.value, $0.comment) })
    let reread: StringsFile
    do {
        reread = try StringsFileReader.read(written, path: "Fuzz.strings")
    } catch {
        require(false, "the writer's output does not read back: \(error)")
        return 0
    }
    require(reread.entries.count == file.entries.count, "the round trip changed the number of entries")
    for (before, after) in zip(file.entries, reread.entries) {
        require(
            before.key.unicodeScalars.elementsEqual(after.key.unicodeScalars)
                && before.value.unicodeScalars.elementsEqual(after.value.unicodeScalars),
            "the round trip changed \(before.key.debugDescription) = \(before.value.debugDescription)")
    }
    return 0
}
