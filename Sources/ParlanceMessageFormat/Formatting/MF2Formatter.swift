import Foundation

extension MF2 {
    /// Formats messages in one locale, with the default functions and any of the app's own.
    ///
    /// Formatting never throws: a message that does not parse formats as `{�}`, a placeholder
    /// that fails shows its fallback (`{$name}`), and ``Result/errors`` says what went wrong.
    /// By default each placeholder is isolated with Unicode bidi controls (FSI/LRI/RLI … PDI),
    /// as the specification's Default Bidi Strategy requires; ``bidiIsolation`` turns it off
    /// for plain-text comparisons.
    public struct Formatter: Sendable {
        /// The locale messages are formatted in (a BCP 47 tag such as `fr` or `ar-EG`).
        public var locale: String {
            didSet { localeData = MF2LocaleData.of(locale) }
        }
        /// What formatting numbers in ``locale`` needs, and its direction, looked up once per
        /// locale rather than per message.
        private(set) var localeData: MF2LocaleData
        var localeDirection: MF2.Direction { localeData.direction }
        /// The functions messages may call, by name (`number`, `test:function`).
        public var functions: [String: any MF2Function] {
            didSet { defaultNumbers = Self.hasDefaultNumbers(functions) }
        }
        /// Whether `:number` and `:integer` are the default functions (an app may replace them),
        /// so the fast path may stand in for them.
        private(set) var defaultNumbers: Bool

        private static func hasDefaultNumbers(_ functions: [String: any MF2Function]) -> Bool {
            functions["number"] is NumberFunction && functions["integer"] is NumberFunction
        }
        /// Whether placeholders are isolated with bidi controls (the specification's default).
        public var bidiIsolation: Bool

        /// Creates a formatter for `locale` with the default functions plus `functions`; one of
        /// the app's functions replaces a default function of the same name.
        public init(locale: String, functions: [String: any MF2Function] = [:], bidiIsolation: Bool = true) {
            self.locale = locale
            self.localeData = MF2LocaleData.of(locale)
            self.functions = MF2.defaultFunctions.merging(functions) { _, custom in custom }
            self.defaultNumbers = Self.hasDefaultNumbers(self.functions)
            self.bidiIsolation = bidiIsolation
        }

        /// The formatted text, its parts, and every error met.
        ///
        /// A message the fast path formats (text, `{$name}` placeholders, one plural selector)
        /// makes its ``parts`` only when they are read, so reading ``string`` alone costs no
        /// part list.
        public struct Result: Sendable {
            /// The formatted text, with bidi isolation where it applies.
            public var string: String
            /// The formatted message as a list of parts, in order.
            public var parts: [Part] {
                get {
                    switch storedParts {
                    case .made(let parts): parts
                    case .pending(let pending): pending.parts()
                    }
                }
                set { storedParts = .made(newValue) }
            }
            /// The errors met while parsing and formatting.
            public var errors: [MF2.Error]

            /// The parts, or what the fast path needs to make them when they are read (each read
            /// makes them again; a caller that reads them often keeps the array). Held inline, so
            /// a result whose parts are never read allocates nothing for them.
            private var storedParts: StoredParts

            private enum StoredParts: Sendable {
                case made([Part])
                case pending(MF2FastPath.PendingParts)
            }

            init(string: String, parts: [Part], errors: [MF2.Error]) {
                self.string = string
                self.storedParts = .made(parts)
                self.errors = errors
            }

            init(string: String, pendingParts: MF2FastPath.PendingParts) {
                self.string = string
                self.storedParts = .pending(pendingParts)
                self.errors = []
            }
        }

        /// A piece of a formatted message.
        public enum Part: Hashable, Sendable {
            /// Literal text from the selected pattern.
            case text(String)
            /// A formatted placeholder: its value, direction (when `u:dir` set one), `u:id` and locale.
            case value(FormattedValue, direction: Direction?, id: String?, locale: String?)
            /// A placeholder that failed: its fallback source (`$name`, `|literal|`, `:function`).
            case fallback(String)
            /// Markup, which formats as nothing in a string.
            case markup(Markup.Kind, name: String, options: [String: String], id: String?)
            /// An isolating control the Default Bidi Strategy inserted.
            case bidiIsolation(String)
        }

        /// Parses `source` and formats it; a syntax or data-model error gives `{�}`.
        /// The text's parse is kept in a bounded cache, so formatting the same text again does
        /// not parse it again.
        public func format(_ source: String, arguments: [String: Argument] = [:]) -> Result {
            let parsed = MessageParseCaches.mf2.parsed(source) { source in
                Swift.Result { () throws(MF2.Error) in try Message(parsing: source) }
            }
            switch parsed {
            case .success(let message):
                return format(message, arguments: arguments)
            case .failure(let error):
                return Result(string: "{\u{FFFD}}", parts: [.fallback("\u{FFFD}")], errors: [error])
            }
        }

        /// Formats a parsed message.
        public func format(_ message: Message, arguments: [String: Argument] = [:]) -> Result {
            if let result = MF2FastPath.format(message, arguments: arguments, formatter: self) { return result }
            var run = MF2Run(formatter: self, message: message, arguments: arguments)
            let pattern = run.selectPattern()
            return run.format(pattern)
        }
    }
}

/// One formatting of one message: the variables resolved so far (each expression at most
/// once), and the errors met.
struct MF2Run {
    /// A resolved expression: a value, or a fallback with its source text. A value a function
    /// made from an operand that failed to resolve (`:string` accepts one) selects, but a
    /// placeholder shows it as the fallback `shownAs`.
    enum Resolved {
        case value(any MF2Value, direction: MF2.Direction?, isolate: Bool, id: String?, shownAs: String?)
        case fallback(String)
    }

    let formatter: MF2.Formatter
    let message: MF2.Message
    let arguments: [String: MF2.Argument]
    var declarations: [String: MF2.Declaration] = [:]
    var resolved: [String: Resolved] = [:]
    var errors: [MF2.Error] = []

    init(formatter: MF2.Formatter, message: MF2.Message, arguments: [String: MF2.Argument]) {
        self.formatter = formatter
        self.message = message
        self.arguments = arguments
        for declaration in message.declarations where declarations[declaration.name] == nil {
            declarations[declaration.name] = declaration
        }
    }

    // MARK: Resolution

    mutating func variable(_ name: String) -> Resolved {
        if let known = resolved[name] { return known }
        let result: Resolved
        if let declaration = declarations[name] {
            let inputName: String? = if case .input = declaration { name } else { nil }
            switch expression(declaration.expression, input: inputName) {
            case .fallback: result = .fallback("$" + name)
            case .value(let value, let direction, let isolate, let id, let shownAs):
                result = .value(value, direction: direction, isolate: isolate, id: id, shownAs: shownAs.map { _ in "$" + name })
            }
        } else {
            result = external(name)
        }
        resolved[name] = result
        return result
    }

    /// An argument, as the value a placeholder without a function formats.
    mutating func external(_ name: String) -> Resolved {
        guard let argument = arguments[name] else {
            errors.append(MF2.Error(.unresolvedVariable, "no value was given for $\(name)"))
            return .fallback("$" + name)
        }
        let locale = formatter.locale
        let value: any MF2Value = switch argument {
        case .string(let text): MF2.StringValue(text, locale: locale)
        case .int, .double, .decimal:
            MF2NumberFormatting.number(from: argument).map {
                MF2.NumberValue(value: $0.value, style: .number, options: [:], selection: nil, localeTag: locale, wholeValue: $0.whole)
            } ?? MF2.ArgumentValue(value: argument)
        case .date(let date):
            MF2.DateTimeValue(
                date: date, dateFields: "year-month-day", dateLength: "medium", timePrecision: "minute",
                timeZone: TimeZone(identifier: "UTC") ?? .gmt, localeTag: locale)
        case .bool: MF2.ArgumentValue(value: argument)
        }
        return .value(value, direction: nil, isolate: false, id: nil, shownAs: nil)
    }

    static func fallbackSource(of expression: MF2.Expression) -> String {
        switch expression.operand {
        case .literal(let text)?:
            var escaped = "|"
            for character in text {
                if character == "\\" || character == "|" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped + "|"
        case .variable(let name)?:
            return "$" + name
        case nil:
            return ":" + (expression.function?.name ?? "")
        }
    }

    /// Resolves an expression; `input` names the variable an `.input` declaration reads from
    /// the arguments.
    mutating func expression(_ expression: MF2.Expression, input: String? = nil) -> Resolved {
        // Written only when a fallback needs it: most expressions resolve.
        var source: String { Self.fallbackSource(of: expression) }
        var operand: Resolved?
        switch expression.operand {
        case .literal(let text)?:
            operand = .value(MF2.StringValue(text, locale: formatter.locale), direction: nil, isolate: false, id: nil, shownAs: nil)
        case .variable(let name)?:
            operand = name == input ? external(name) : variable(name)
        case nil:
            operand = nil
        }
        guard let call = expression.function else {
            if case .fallback? = operand { return .fallback(source) }
            return operand ?? .fallback(source)
        }
        guard let function = formatter.functions[call.name] else {
            errors.append(MF2.Error(.unknownFunction, "no function is named :\(call.name)"))
            return .fallback(source)
        }
        // An operand that failed to resolve (its error already reported) reaches the function
        // as a value with no argument: most functions refuse it (bad-operand), `:string` makes
        // a value that still selects, as the working group's suite expects.
        let operandFailed: Bool = if case .fallback? = operand { true } else { false }
        var options: [String: MF2.Options.Value] = [:]
        var direction: MF2.Direction?
        var isolate = false
        var id: String?
        for option in call.options {
            let value: (any MF2Value)?
            let isLiteral: Bool
            switch option.value {
            case .literal(let text):
                value = MF2.StringValue(text)
                isLiteral = true
            case .variable(let name):
                if case .value(let resolvedValue, _, _, _, _) = variable(name) { value = resolvedValue } else { value = nil }
                isLiteral = false
            }
            guard let value else { continue }
            switch option.name {
            case "u:dir":
                switch value.argument?.text {
                case "ltr"?: (direction, isolate) = (.ltr, true)
                case "rtl"?: (direction, isolate) = (.rtl, true)
                case "auto"?: (direction, isolate) = (.unknown, true)
                case "inherit"?: (direction, isolate) = (nil, false)
                default: errors.append(MF2.Error(.badOption, "u:dir takes ltr, rtl, auto or inherit"))
                }
            case "u:id":
                if let text = value.argument?.text { id = text } else { errors.append(MF2.Error(.badOption, "u:id takes text")) }
            case "u:locale":
                continue
            default:
                options[option.name] = MF2.Options.Value(value, isLiteral: isLiteral)
            }
        }
        let operandValue: (any MF2Value)? = switch operand {
        case .value(let value, _, _, _, _)?: value
        case .fallback?: MF2.UnresolvedValue()
        case nil: nil
        }
        let context = MF2.FunctionContext(locale: formatter.locale)
        do {
            let value = try function.resolve(operandValue, options: MF2.Options(options), context: context)
            errors += context.errors
            return .value(value, direction: direction, isolate: isolate, id: id, shownAs: operandFailed ? source : nil)
        } catch {
            errors += context.errors
            errors.append(error)
            return .fallback(source)
        }
    }

    // MARK: Selection

    mutating func selectPattern() -> MF2.Pattern {
        switch message.body {
        case .pattern(let pattern):
            return pattern
        case .matcher(let selectors, let variants):
            var values: [(any MF2Value)?] = []
            for selector in selectors {
                if case .value(let value, _, _, _, _) = variable(selector), value.selects {
                    values.append(value)
                } else if case .value = variable(selector) {
                    errors.append(MF2.Error(.badSelector, "the value of $\(selector) cannot select a variant"))
                    values.append(nil)
                } else {
                    errors.append(MF2.Error(.badSelector, "the selector $\(selector) has no value"))
                    values.append(nil)
                }
            }
            // Match(selector, key), asked once per selector and key; a selector that fails
            // matches nothing but `*`, with one bad-selector error.
            var matches: [[String: Bool]] = Array(repeating: [:], count: values.count)
            var failed = values.map { $0 == nil }
            func matchesKey(_ index: Int, _ key: String) -> Bool {
                if failed[index] { return false }
                if let known = matches[index][key] { return known }
                var result = false
                do {
                    result = try values[index]!.matches(key)
                } catch {
                    if error.kind == .badVariantKey {
                        errors.append(error)
                    } else {
                        failed[index] = true
                        errors.append(MF2.Error(.badSelector, "the selector cannot select: \(error.message)"))
                        return false
                    }
                }
                matches[index][key] = result
                return result
            }
            var best: MF2.Variant?
            for variant in variants {
                var matched = true
                for (index, key) in variant.keys.enumerated() where index < values.count {
                    if case .literal(let text) = key, !matchesKey(index, text) {
                        matched = false
                        break
                    }
                }
                guard matched else { continue }
                guard let current = best else {
                    best = variant
                    continue
                }
                if prefers(variant.keys, over: current.keys, values: values) { best = variant }
            }
            return best?.pattern ?? MF2.Pattern()
        }
    }

    /// SelectorsCompare: whether `keys` is a better match than `other`, selector by selector.
    func prefers(_ keys: [MF2.Key], over other: [MF2.Key], values: [(any MF2Value)?]) -> Bool {
        for (index, key) in keys.enumerated() where index < other.count {
            switch (key, other[index]) {
            case (.catchAll, .catchAll): continue
            case (.catchAll, .literal): return false
            case (.literal, .catchAll): return true
            case (.literal(let first), .literal(let second)):
                if first == second { continue }
                return values[index]?.prefers(first, over: second) ?? false
            }
        }
        return false
    }

    // MARK: Formatting

    mutating func format(_ pattern: MF2.Pattern) -> MF2.Formatter.Result {
        var text = ""
        var parts: [MF2.Formatter.Part] = []
        parts.reserveCapacity(pattern.parts.count * (formatter.bidiIsolation ? 3 : 1))
        let messageDirection = formatter.localeDirection
        for part in pattern.parts {
            switch part {
            case .text(let value):
                text += value
                parts.append(.text(value))
            case .markup(let markup):
                parts.append(self.markup(markup))
            case .expression(let expression):
                let resolved = self.expression(expression)
                var shown: String
                var part: MF2.Formatter.Part
                var direction: MF2.Direction = .unknown
                var isolate = false
                switch resolved {
                case .fallback(let source):
                    shown = "{" + source + "}"
                    part = .fallback(source)
                case .value(_, _, _, _, let shownAs?):
                    shown = "{" + shownAs + "}"
                    part = .fallback(shownAs)
                case .value(let value, let override, let isolates, let id, nil):
                    do {
                        let formatted = try value.format()
                        shown = formatted.text
                        part = .value(formatted, direction: override, id: id, locale: value.locale)
                        direction = override ?? value.direction
                        isolate = isolates
                    } catch {
                        errors.append(error)
                        let source = Self.fallbackSource(of: expression)
                        shown = "{" + source + "}"
                        part = .fallback(source)
                    }
                }
                Self.place(
                    shown, part, direction: direction, isolate: isolate, in: messageDirection,
                    bidiIsolation: formatter.bidiIsolation, text: &text, parts: &parts)
            }
        }
        return MF2.Formatter.Result(string: text, parts: parts, errors: errors)
    }

    /// Appends a formatted placeholder, isolated as the Default Bidi Strategy says: nothing
    /// around a left-to-right value in a left-to-right message that `u:dir` did not ask to
    /// isolate, LRI or RLI where the direction is known, FSI where it is not.
    @inline(__always)
    static func place(
        _ shown: String, _ part: MF2.Formatter.Part, direction: MF2.Direction, isolate: Bool, in messageDirection: MF2.Direction,
        bidiIsolation: Bool, text: inout String, parts: inout [MF2.Formatter.Part]
    ) {
        guard bidiIsolation else {
            text += shown
            parts.append(part)
            return
        }
        let open: String? = switch direction {
        case .ltr: messageDirection == .ltr && !isolate ? nil : "\u{2066}"
        case .rtl: "\u{2067}"
        case .unknown: "\u{2068}"
        }
        if let open {
            text += open
            text += shown
            text += "\u{2069}"
            parts.append(.bidiIsolation(open))
            parts.append(part)
            parts.append(.bidiIsolation("\u{2069}"))
        } else {
            text += shown
            parts.append(part)
        }
    }

    mutating func markup(_ markup: MF2.Markup) -> MF2.Formatter.Part {
        var options: [String: String] = [:]
        var id: String?
        for option in markup.options {
            let value: String?
            switch option.value {
            case .literal(let text): value = text
            case .variable(let name):
                if case .value(let resolved, _, _, _, _) = variable(name) { value = resolved.argument?.text } else { value = nil }
            }
            guard let value else { continue }
            switch option.name {
            case "u:id": id = value
            case "u:dir": errors.append(MF2.Error(.badOption, "u:dir cannot be set on markup"))
            case "u:locale": continue
            default: options[option.name] = value
            }
        }
        return .markup(markup.kind, name: markup.name, options: options, id: id)
    }
}
