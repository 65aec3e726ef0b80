import Foundation
import ParlanceCatalogs

extension ICUMessageFormat {
    /// Formats ICU messages in one locale, on the same number and date formatting and CLDR
    /// plural rules as ``MF2/Formatter``.
    ///
    /// Formatting never throws. An argument with no value is left as written (`{name}`), as
    /// ICU leaves it, and reported; a style Parlance cannot honour is reported and the value
    /// formatted as a plain number or medium date, never silently.
    public struct Formatter: Sendable {
        /// The locale messages are formatted in (a BCP 47 tag such as `fr` or `ar-EG`).
        public var locale: String {
            didSet { localeData = MF2LocaleData.of(locale) }
        }
        /// What formatting numbers in ``locale`` needs, looked up once per locale.
        private var localeData: MF2LocaleData

        /// Creates a formatter for `locale`.
        public init(locale: String) {
            self.locale = locale
            self.localeData = MF2LocaleData.of(locale)
        }

        /// The formatted text and every error met.
        public struct Result: Sendable {
            /// The formatted text.
            public var string: String
            /// The errors met while parsing and formatting.
            public var errors: [MF2.Error]
        }

        /// Parses and formats `source`; a syntax error gives the source itself and the error.
        /// The parse is kept in a bounded cache, so formatting the same text again does not
        /// parse it again.
        public func format(_ source: String, arguments: [String: MF2.Argument] = [:]) -> Result {
            let parsed = MessageParseCaches.icu.parsed(source) { source in
                Swift.Result { () throws(ICUMessageFormat.SyntaxError) in try Message(parsing: source) }
            }
            switch parsed {
            case .success(let message):
                return format(message, arguments: arguments)
            case .failure(let error):
                return Result(string: source, errors: [MF2.Error(.syntaxError, error.message, line: error.line, column: error.column)])
            }
        }

        /// Formats a parsed message.
        public func format(_ message: Message, arguments: [String: MF2.Argument] = [:]) -> Result {
            format(message, lookup: { arguments[$0] })
        }

        /// Formats a parsed message with each argument looked up by name when it is met, so a
        /// caller holding its values in another form (the runtime's `MessageArgument`s) builds
        /// no dictionary of them.
        package func format(_ message: Message, lookup arguments: (String) -> MF2.Argument?) -> Result {
            var errors: [MF2.Error] = []
            var output = ""
            render(message, arguments: arguments, pound: nil, into: &output, errors: &errors)
            return Result(string: output, errors: errors)
        }

        private func render(
            _ message: Message, arguments: (String) -> MF2.Argument?, pound: MF2.NumberValue?, into output: inout String,
            errors: inout [MF2.Error]
        ) {
            for part in message.parts {
                switch part {
                case .text(let text):
                    output += text
                case .pound:
                    if let pound { output += (try? pound.formattedText()) ?? "#" } else { output += "#" }
                case .argument(let name, let type, let style):
                    guard let argument = arguments(name) else {
                        errors.append(MF2.Error(.unresolvedVariable, "no value was given for \(name)"))
                        output += "{" + name + "}"
                        continue
                    }
                    output += format(argument, name: name, type: type, style: style, errors: &errors)
                case .select(let name, let cases):
                    let keyword = arguments(name)?.text
                    if keyword == nil { errors.append(MF2.Error(.unresolvedVariable, "no value was given for \(name)")) }
                    let chosen = cases.first { $0.keyword == keyword } ?? cases.first { $0.keyword == "other" }
                    if let chosen { render(chosen.message, arguments: arguments, pound: nil, into: &output, errors: &errors) }
                case .plural(let name, let ordinal, let offset, let cases):
                    let argument = arguments(name)
                    guard let (value, whole) = MF2NumberFormatting.number(from: argument) else {
                        errors.append(MF2.Error(argument == nil ? .unresolvedVariable : .badOperand,
                                                argument == nil ? "no value was given for \(name)" : "\(name) is not a number"))
                        if let other = cases.first(where: { $0.selector == .category("other") }) {
                            render(other.message, arguments: arguments, pound: nil, into: &output, errors: &errors)
                        }
                        continue
                    }
                    // `=N` compares the value itself; categories and `#` use it less the offset.
                    let exact = cases.first { plural in
                        if case .exact(let text) = plural.selector, let number = MF2NumberFormatting.decimal(fromLiteral: text) ?? Decimal(string: text) {
                            return number == value
                        }
                        return false
                    }
                    let shownWhole = whole.flatMap { whole in
                        let (difference, overflow) = whole.subtractingReportingOverflow(Int64(offset))
                        return overflow ? nil : difference
                    }
                    let shown = MF2.NumberValue(
                        value: offset == 0 ? value : value - Decimal(offset), style: .number, options: [:], selection: ordinal ? .ordinal : .plural,
                        localeTag: locale, localeData: localeData, wholeValue: shownWhole)
                    let category = shown.category(ordinal ? .ordinal : .plural).rawValue
                    let chosen = exact
                        ?? cases.first { $0.selector == .category(category) }
                        ?? cases.first { $0.selector == .category("other") }
                    if let chosen { render(chosen.message, arguments: arguments, pound: shown, into: &output, errors: &errors) }
                }
            }
        }

        private func format(
            _ argument: MF2.Argument, name: String, type: ArgumentType?, style: String?, errors: inout [MF2.Error]
        ) -> String {
            switch type {
            case nil:
                if let (value, whole) = MF2NumberFormatting.number(from: argument), argument.isNumeric {
                    return number(value, whole: whole, style: nil, errors: &errors)
                }
                if case .date(let date) = argument { return self.date(date, type: .date, style: "short", withTime: true, errors: &errors) }
                return argument.text
            case .number?:
                guard let (value, whole) = MF2NumberFormatting.number(from: argument) else {
                    errors.append(MF2.Error(.badOperand, "\(name) is not a number"))
                    return argument.text
                }
                return number(value, whole: whole, style: style, errors: &errors)
            case .date?, .time?:
                guard case .date(let date) = argument else {
                    errors.append(MF2.Error(.badOperand, "\(name) is not a date"))
                    return argument.text
                }
                return self.date(date, type: type!, style: style, withTime: false, errors: &errors)
            }
        }

        /// `number` with ICU's styles: none, `integer`, `percent`, `currency`, and the skeletons
        /// `::currency/XXX`, `::percent`, `::.00` (fraction digits), `::.0#`, `::precision-integer`,
        /// `::group-off`, `::scale/N`, separated by spaces.
        /// `whole` is the value as an integer when it is one (the plain style's fast path).
        private func number(_ value: Decimal, whole: Int64? = nil, style: String?, errors: inout [MF2.Error]) -> String {
            var value = value
            var options: [String: String] = [:]
            var kind: MF2.NumberValue.Style = .number
            switch style {
            case nil:
                break
            case "integer"?:
                options["maximumFractionDigits"] = "0"
                options["roundingMode"] = "halfEven"
            case "percent"?:
                kind = .percent
            case "currency"?:
                kind = .currency(Locale(identifier: locale).currency?.identifier ?? "XXX")
            case let skeleton? where skeleton.hasPrefix("::"):
                for stem in skeleton.dropFirst(2).split(separator: " ") {
                    if stem.hasPrefix("currency/") {
                        kind = .currency(String(stem.dropFirst(9)).uppercased())
                    } else if stem == "percent" {
                        // A skeleton's percent only adds the sign (scale/100 multiplies), with
                        // the skeleton's default of up to six fraction digits.
                        kind = .percent
                        value /= 100
                        options["maximumFractionDigits"] = options["maximumFractionDigits"] ?? "6"
                    } else if stem.hasPrefix("scale/"), let factor = Decimal(string: String(stem.dropFirst(6))), factor.isFinite,
                              abs(factor) <= 1_000_000_000 {
                        value *= factor
                    } else if stem == "group-off" {
                        options["useGrouping"] = "never"
                    } else if stem == "precision-integer" {
                        options["maximumFractionDigits"] = "0"
                    } else if stem.hasPrefix("."), stem.dropFirst().allSatisfy({ $0 == "0" || $0 == "#" }) {
                        let zeros = stem.dropFirst().filter { $0 == "0" }.count
                        options["minimumFractionDigits"] = String(zeros)
                        options["maximumFractionDigits"] = String(stem.count - 1)
                        if case .currency = kind { options["fractionDigits"] = String(zeros) }
                    } else {
                        errors.append(MF2.Error(.unsupportedOperation, "the number skeleton stem \(stem) is not supported; the number is shown plain"))
                    }
                }
            case let other?:
                errors.append(MF2.Error(.unsupportedOperation, "the number style \(other) is not supported (integer, percent, currency and :: skeletons are); the number is shown plain"))
            }
            let number = MF2.NumberValue(
                value: value, style: kind, options: options, selection: nil, localeTag: locale, localeData: localeData,
                wholeValue: style == nil ? whole : nil)
            do {
                return try number.format().text
            } catch {
                errors.append(error)
                return value.description
            }
        }

        private func date(_ date: Date, type: ArgumentType, style: String?, withTime: Bool, errors: inout [MF2.Error]) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.timeZone = TimeZone(identifier: "UTC")
            let styles: [String: DateFormatter.Style] = ["short": .short, "medium": .medium, "long": .long, "full": .full]
            let chosen: DateFormatter.Style
            switch style {
            case let skeleton? where skeleton.hasPrefix("::"):
                formatter.setLocalizedDateFormatFromTemplate(String(skeleton.dropFirst(2)))
                return formatter.string(from: date)
            case let name?:
                if let known = styles[name] {
                    chosen = known
                } else {
                    errors.append(MF2.Error(.unsupportedOperation, "the \(type.rawValue) style \(name) is not supported (short, medium, long, full and :: skeletons are)"))
                    chosen = .medium
                }
            case nil:
                chosen = .medium
            }
            if type == .time {
                formatter.dateStyle = .none
                formatter.timeStyle = chosen
            } else {
                // A date placed as a bare `{d}` shows ICU's default: the date and a short time.
                formatter.dateStyle = chosen
                formatter.timeStyle = withTime ? .short : .none
            }
            return formatter.string(from: date)
        }
    }
}

extension MF2.Argument {
    var isNumeric: Bool {
        switch self {
        case .int, .double, .decimal: true
        default: false
        }
    }
}
