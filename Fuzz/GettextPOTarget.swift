import Foundation
import Parlance

/// Fuzzes the `.po` reader (ParlanceTooling's `GettextPO`, compiled into the target): any
/// bytes must read or throw a `ParseError` with a location, and whatever reads must survive
/// `GettextPO.write` and read back to the same translations.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let document: TranslationDocument
    do {
        document = try GettextPO.read(data, path: "Fuzz.po", fallbackOriginal: "Localizable.xcstrings")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    guard let file = document.files.first else {
        require(false, "a .po that reads gives one file")
        return 0
    }
    let written = GettextPO.write(file)
    let reread: TranslationDocument
    do {
        reread = try GettextPO.read(written.data, path: "Fuzz.po")
    } catch {
        require(false, "the writer's output does not read back: \(error)")
        return 0
    }
    guard written.losses.isEmpty, let again = reread.files.first else { return 0 }
    let targets = Dictionary(file.units.map { ($0.id, $0.target) }, uniquingKeysWith: { first, _ in first })
    for unit in again.units {
        guard let expected = targets[unit.id] else {
            require(false, "the round trip made the unit \(unit.id.debugDescription)")
            return 0
        }
        require(expected.map { $0.unicodeScalars.elementsEqual(unit.target?.unicodeScalars ?? "".unicodeScalars) } ?? (unit.target == nil),
                "the round trip changed the target of \(unit.id.debugDescription)")
    }
    return 0
}
