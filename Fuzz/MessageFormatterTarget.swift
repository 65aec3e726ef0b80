import Foundation
import Parlance

/// Fuzzes ``MessageFormatter`` with a random template and random typed arguments.
///
/// The input decodes as: a language, a device, a width and a mode from its first bytes; the
/// arguments from its last bytes (a type byte and a payload each); and the template from what
/// is left in between. The mode renders the template bare, as a `{name}` template, as a
/// localization with substitutions, as plural variations, or as device variations wrapping
/// plurals; one mode reads the template as a decimal string for the plural rules instead.
/// Rendering must never trap, and bare templates must stay within the documented size bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let languages = ["en", "ru", "ar", "fr", "pl", "cy", "ja", "lt", "he", "sl", "pt-PT", "zz", "", "und-x-private"]
    let language = languages[input.choice(languages.count)]
    let device = DeviceClass.all[input.choice(DeviceClass.all.count)]
    let widthByte = input.byte()
    let width = widthByte == 0 ? nil : Int(widthByte) - 100
    let mode = input.choice(6)
    let arguments = (0..<input.choice(9)).map { _ in argument(from: &input) }
    let template = input.rest()
    let formatter = MessageFormatter(language: language, device: device, width: width)

    switch mode {
    case 0:
        let message = formatter.format(template, arguments)
        let bound = sizeBound(template: template, arguments: arguments, opener: "%")
        require(message.string.unicodeScalars.count <= bound, "\(template.debugDescription) rendered past its bound")
        require(message.diagnostics.count <= MessageFormatter.maximumDiagnostics + 1, "too many diagnostics")
    case 1:
        let values = Dictionary(arguments.enumerated().map { (String($0.offset), $0.element) }, uniquingKeysWith: { a, _ in a })
        let message = formatter.format(named: template, values)
        let bound = sizeBound(template: template, arguments: arguments, opener: "{")
        require(message.string.unicodeScalars.count <= bound, "\(template.debugDescription) rendered past its bound")
    case 2:
        _ = formatter.format(substituting(template), arguments)
    case 3:
        _ = formatter.format(plural(template.split(separator: "\u{1E}", omittingEmptySubsequences: false)), arguments)
    case 4:
        let forms = template.split(separator: "\u{1D}", omittingEmptySubsequences: false)
        let devices = zip(DeviceClass.all, forms).map { ($0, plural($1.split(separator: "\u{1E}", omittingEmptySubsequences: false))) }
        _ = formatter.format(Localization.device(Dictionary(devices, uniquingKeysWith: { a, _ in a })), arguments)
    default:
        if let operands = PluralOperands(decimalString: template) {
            _ = PluralRules.cardinal(for: language)?.category(for: operands)
        }
        _ = PluralRules.cardinal(for: language)?.category(forDecimalString: template)
    }
    return 0
}

/// One typed argument: a type byte from the front, its payload from the back.
private func argument(from input: inout FuzzInput) -> MessageArgument {
    switch input.choice(6) {
    case 0: .int(Int64(bitPattern: input.word()))
    case 1: .uint(input.word())
    case 2: .double(Double(bitPattern: input.word()))
    case 3:
        .decimal(Decimal(
            sign: input.byte() & 1 == 0 ? .plus : .minus,
            exponent: Int(Int8(bitPattern: input.byte())),
            significand: Decimal(input.word())))
    case 4: .int(Int64(Int8(bitPattern: input.byte())))
    default: .string(String(decoding: input.tail(Int(input.byte() % 64)), as: UTF8.self))
    }
}

/// The documented output bound of `Sources/ParlanceCore/ParlanceCore.docc/PluralsAndMessages.md`: each opener adds at most 1,400 scalars
/// plus the longest argument.
private func sizeBound(template: String, arguments: [MessageArgument], opener: Unicode.Scalar) -> Int {
    let longest = arguments.map { $0.description.unicodeScalars.count }.max() ?? 0
    let openers = template.unicodeScalars.filter { $0 == opener }.count
    return template.unicodeScalars.count + openers * (1_400 + longest)
}

/// `main␞name␟argNum␟spec␟zero␟one␟two␟few␟many␟other␞…`: a string unit with substitutions.
private func substituting(_ template: String) -> Localization {
    let parts = template.split(separator: "\u{1E}", omittingEmptySubsequences: false)
    var substitutions = OrderedMap<String, Substitution>()
    for part in parts.dropFirst() {
        let fields = part.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        guard let name = fields.first else { continue }
        let argNum = fields.count > 1 ? Int(fields[1]) : nil
        let specifier = fields.count > 2 ? String(fields[2]) : "lld"
        let forms = Array(fields.dropFirst(3))
        substitutions[String(name)] = Substitution(
            argNum: argNum, formatSpecifier: specifier, variations: plural(forms).variations)
    }
    return Localization(stringUnit: StringUnit(String(parts.first ?? "")), substitutions: substitutions)
}

/// Plural variations whose forms are `forms`, in CLDR order, then invented categories.
private func plural(_ forms: [Substring]) -> Localization {
    let categories = PluralCategory.allCLDR + [PluralCategory("three"), PluralCategory("")]
    return .plural(Dictionary(zip(categories, forms.map { Localization.string(String($0)) }), uniquingKeysWith: { a, _ in a }))
}
