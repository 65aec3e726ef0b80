import Foundation
import Parlance
import ParlanceCatalogWriters

/// Fuzzes ``StringsDictReader``: any bytes must read or throw a ``ParseError``. What reads is
/// then rendered by ``MessageFormatter`` and written by ``StringsDictWriter``, since real
/// entries reach both, and neither may trap on anything the reader accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let file: StringsDictFile
    do {
        file = try StringsDictReader.read(data, path: "Fuzz.stringsdict")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    for diagnostic in file.diagnostics { _ = diagnostic.description }
    let formatter = MessageFormatter(language: "ru", device: .iphone, width: 20)
    let arguments: [MessageArgument] = [3, "Ada", 1.5, .uint(.max)]
    for (_, localization) in file.entries.prefix(64) {
        let message = formatter.format(localization, arguments)
        require(message.diagnostics.count <= MessageFormatter.maximumDiagnostics + 1, "too many diagnostics")
    }
    _ = StringsDictWriter.write(file.entries.map { (key: $0.key, localization: $0.value) })
    return 0
}
