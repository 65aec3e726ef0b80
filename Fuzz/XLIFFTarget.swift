import Foundation
import Parlance

/// Fuzzes the XLIFF reader (ParlanceTooling's `XLIFF` and `XMLTreeReader`, compiled into the
/// target): any bytes must read or throw a `ParseError` with a location, in bounded time and
/// memory, and whatever reads must survive `XLIFF.write` and read back to the same units.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let document: TranslationDocument
    do {
        document = try XLIFF.read(data, path: "Fuzz.xliff")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    require(document.files.count == document.locations.count, "a location list per file")
    for (file, locations) in zip(document.files, document.locations) {
        require(file.units.count == locations.count, "a location per unit")
    }
    let written = XLIFF.write(document.files)
    let reread: TranslationDocument
    do {
        reread = try XLIFF.read(written.data, path: "Fuzz.xliff")
    } catch {
        require(false, "the writer's output does not read back: \(error)")
        return 0
    }
    require(reread.files.count == document.files.count, "the round trip changed the number of files")
    let dropped = written.losses.count
    let before = document.files.reduce(0) { $0 + $1.units.count }
    let after = reread.files.reduce(0) { $0 + $1.units.count }
    require(after == before - dropped, "the round trip lost units it did not report")
    if dropped == 0 {
        for (first, second) in zip(document.files, reread.files) {
            for (a, b) in zip(first.units, second.units) where !a.isStringSet {
                require(a.target.map { $0.unicodeScalars.elementsEqual(b.target?.unicodeScalars ?? "".unicodeScalars) } ?? (b.target == nil),
                        "the round trip changed the target of \(a.id.debugDescription)")
                require(a.source.unicodeScalars.elementsEqual(b.source.unicodeScalars), "the round trip changed the source of \(a.id.debugDescription)")
            }
        }
    }
    return 0
}
