import Foundation
import ParlanceCatalogs

/// The shapes most messages have, formatted without the general run's dictionaries, option
/// tables and function calls: a pattern of text and `{$name}` placeholders, and a single
/// `.input {$n :number}` (or `:integer`, no options) selecting on `$n`. It answers only when
/// it would give exactly what the general run gives, with no error; anything else (another
/// function, an option, an argument that is not text or a whole number, a key that is neither
/// a number nor a plural category) is left to the general run. `MF2FastPathTests` compares the
/// two on every shape, and the working group's suite runs through both.
///
/// A message of such a shape carries a ``Plan`` (made when the message is made): its variants'
/// text and variable names, nothing else. The string is made at once; the parts are made only
/// when the caller reads them, so the common `.string` costs no part list, no formatted value
/// and no number value.
enum MF2FastPath {
    /// The declared number a `.match` selected on: its name, value, and whether `:integer`
    /// declared it.
    typealias Selector = (name: String, whole: Int64, integer: Bool)

    /// A message the fast path can format, reduced to what formatting reads: every variant's
    /// text as UTF-8 in one array, its placeholders as indexes into the names, so writing a
    /// variant copies bytes and compares integers, taking no reference to any string.
    final class Plan: Sendable {
        /// Text (`count` bytes of ``text`` from `start`) when `variable` is negative, else the
        /// placeholder `{$names[variable]}`.
        struct Piece: Sendable {
            let start: Int32
            let count: Int32
            let variable: Int32
        }

        struct Variant: Sendable {
            /// The key: `nil` for `*` (and for a message without `.match`).
            let key: String?
            /// Whether the key is a number literal (an exact match), not a plural category.
            let isExact: Bool
            /// Its pieces, in ``pieces``.
            let pieces: Range<Int>
        }

        /// The variable a `.match` selects on, and whether `:integer` declared it; `nil` for a
        /// message without `.match`.
        let selector: (name: String, integer: Bool)?
        /// The index of the selector's name in ``names`` (-1 when no placeholder shows it).
        let selectorVariable: Int32
        let variants: [Variant]
        let pieces: [Piece]
        /// Every text piece's UTF-8, one after another.
        let text: [UInt8]
        /// The variables placeholders show, each once.
        let names: [String]
        /// The original pattern of each variant, for making parts when they are read.
        let patterns: [MF2.Pattern]

        /// The plan of `message`, or `nil` when its shape is one the general run must format.
        init?(_ message: MF2.Message) {
            var builder = Builder()
            switch message.body {
            case .pattern(let pattern):
                guard message.declarations.isEmpty, let variant = builder.variant(pattern, key: nil) else { return nil }
                selector = nil
                selectorVariable = -1
                variants = [variant]
                patterns = [pattern]
            case .matcher(let selectors, let messageVariants):
                guard message.declarations.count == 1, selectors.count == 1,
                      case .input(let name, let expression) = message.declarations[0], selectors[0] == name,
                      expression.attributes.isEmpty, expression.operand == .variable(name),
                      let call = expression.function, call.options.isEmpty, call.name == "number" || call.name == "integer"
                else { return nil }
                var variants: [Variant] = []
                for variant in messageVariants {
                    guard variant.keys.count == 1 else { return nil }
                    let key: String?
                    switch variant.keys[0] {
                    case .catchAll: key = nil
                    case .literal(let literal): key = literal
                    }
                    guard let made = builder.variant(variant.pattern, key: key) else { return nil }
                    variants.append(made)
                }
                selector = (name, call.name == "integer")
                selectorVariable = builder.names.firstIndex(of: name).flatMap { Int32(exactly: $0) } ?? -1
                self.variants = variants
                patterns = messageVariants.map(\.pattern)
            }
            pieces = builder.pieces
            text = builder.text
            names = builder.names
        }

        /// Gathers the variants' pieces, text and names.
        private struct Builder {
            var pieces: [Piece] = []
            var text: [UInt8] = []
            var names: [String] = []

            mutating func variant(_ pattern: MF2.Pattern, key: String?) -> Variant? {
                var isExact = false
                if let key {
                    isExact = MF2NumberFormatting.isNumberLiteral(key)
                    guard isExact || PluralCategory(key).isCLDR else { return nil }
                }
                let first = pieces.count
                for part in pattern.parts {
                    switch part {
                    case .text(let value):
                        // A pattern's text is bounded by the parser's size limit, far below Int32.
                        guard !value.isEmpty, let start = Int32(exactly: text.count), let count = Int32(exactly: value.utf8.count)
                        else { continue }
                        text.append(contentsOf: value.utf8)
                        pieces.append(Piece(start: start, count: count, variable: -1))
                    case .markup:
                        return nil
                    case .expression(let expression):
                        guard expression.function == nil, expression.attributes.isEmpty, case .variable(let name)? = expression.operand
                        else { return nil }
                        let index = names.firstIndex(of: name) ?? names.count
                        guard let variable = Int32(exactly: index) else { return nil }
                        if index == names.count { names.append(name) }
                        pieces.append(Piece(start: 0, count: 0, variable: variable))
                    }
                }
                return Variant(key: key, isExact: isExact, pieces: first..<pieces.count)
            }
        }
    }

    static func format(_ message: MF2.Message, arguments: [String: MF2.Argument], formatter: MF2.Formatter) -> MF2.Formatter.Result? {
        guard let plan = message.fastPlan else { return nil }
        guard let name = plan.selector?.name else { return format(plan, variant: 0, selector: nil, arguments: arguments, formatter: formatter) }
        guard formatter.defaultNumbers, case .int(let whole)? = argument(name, in: arguments) else { return nil }
        // Match and BetterThan for one selector, as `NumberValue` does them for a plain whole
        // number: a number key matches the integer's digits, a category key the cardinal
        // category; a matching literal beats `*`, an exact number a category.
        var best: Int?
        var bestIsLiteral = false
        var bestIsExact = false
        var category: PluralCategory?
        var digits: String?
        for (index, variant) in plan.variants.enumerated() {
            guard let key = variant.key else {
                if best == nil { best = index }
                continue
            }
            let matched: Bool
            if variant.isExact {
                if digits == nil { digits = String(whole) }
                matched = key == digits
            } else {
                if category == nil { category = formatter.localeData.cardinalCategory(of: whole) }
                matched = key == category?.rawValue
            }
            guard matched else { continue }
            if bestIsLiteral, !(variant.isExact && !bestIsExact) { continue }
            best = index
            bestIsLiteral = true
            bestIsExact = variant.isExact
        }
        guard let best else { return nil }
        return format(plan, variant: best, selector: (name, whole, plan.selector?.integer == true), arguments: arguments, formatter: formatter)
    }

    /// One variant's text and `{$name}` placeholders, `selector` the declared number.
    private static func format(
        _ plan: Plan, variant index: Int, selector: Selector?, arguments: [String: MF2.Argument], formatter: MF2.Formatter
    ) -> MF2.Formatter.Result? {
        // Most messages are short: their bytes are gathered on the stack and made into a string
        // once. A longer one is appended as it goes.
        let gathered = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            var sink = StackText(buffer: buffer)
            return write(plan, variant: index, selector: selector, arguments: arguments, formatter: formatter, into: &sink)
                ? sink.string : nil as String??
        }
        let text: String
        switch gathered {
        case .some(.some(let string)):
            text = string
        case .some(.none):
            var grown = GrowingText()
            guard write(plan, variant: index, selector: selector, arguments: arguments, formatter: formatter, into: &grown) else { return nil }
            text = grown.text
        case .none:
            return nil
        }
        return MF2.Formatter.Result(
            string: text,
            pendingParts: PendingParts(
                plan: plan, variant: index, selectedValue: selector?.whole, arguments: arguments, locale: formatter.locale,
                bidiIsolation: formatter.bidiIsolation))
    }

    /// Writes one variant's text and `{$name}` placeholders; `false` when an argument is one the
    /// fast path does not take (the general run then formats the message).
    private static func write<Sink: TextSink>(
        _ plan: Plan, variant index: Int, selector: Selector?, arguments: [String: MF2.Argument], formatter: MF2.Formatter,
        into sink: inout Sink
    ) -> Bool {
        let range = plan.variants[index].pieces
        return plan.text.withUnsafeBufferPointer { text in
            plan.pieces.withUnsafeBufferPointer { pieces in
                for piece in pieces[range] {
                    guard piece.variable >= 0 else {
                        let start = Int(piece.start)
                        sink.append(UnsafeBufferPointer(rebasing: text[start..<start + Int(piece.count)]))
                        continue
                    }
                    // A number needs the locale's data (its digits and direction); text does not.
                    if let selector, piece.variable == plan.selectorVariable {
                        place(number: selector.whole, formatter: formatter, into: &sink)
                        continue
                    }
                    switch argument(plan.names[Int(piece.variable)], in: arguments) {
                    case .string(let string)?:
                        // Text has no known direction: first-strong isolation, whatever the locale's.
                        guard formatter.bidiIsolation else {
                            sink.append(string)
                            continue
                        }
                        sink.appendIsolate(0xA8)  // U+2068 FIRST STRONG ISOLATE
                        sink.append(string)
                        sink.appendIsolate(0xA9)  // U+2069 POP DIRECTIONAL ISOLATE
                    case .int(let whole)?:
                        place(number: whole, formatter: formatter, into: &sink)
                    default:
                        return false
                    }
                }
                return true
            }
        }
    }

    /// A whole number placed as `:number` shows it, isolated as its direction and the
    /// locale's require.
    private static func place<Sink: TextSink>(number whole: Int64, formatter: MF2.Formatter, into sink: inout Sink) {
        let data = formatter.localeData
        let shown = number(whole, in: data, formatter: formatter)
        guard formatter.bidiIsolation, let open = isolation(data.direction, in: data.direction) else {
            sink.append(shown)
            return
        }
        sink.appendIsolate(open)
        sink.append(shown)
        sink.appendIsolate(0xA9)
    }

    /// The argument named `name`. A message's few arguments are compared one by one, which
    /// costs less than hashing the name; more are looked up by hash.
    @inline(__always)
    private static func argument(_ name: String, in arguments: [String: MF2.Argument]) -> MF2.Argument? {
        guard arguments.count <= 4 else { return arguments[name] }
        for (key, value) in arguments where key == name { return value }
        return nil
    }

    /// What making a fast-path result's parts needs, kept in the result until they are read.
    struct PendingParts: Sendable {
        let plan: Plan
        let variant: Int
        /// The value the `.match` selected on (its name and function are the plan's).
        let selectedValue: Int64?
        let arguments: [String: MF2.Argument]
        let locale: String
        let bidiIsolation: Bool

        var selector: Selector? {
            guard let selectedValue, let declared = plan.selector else { return nil }
            return (declared.name, selectedValue, declared.integer)
        }

        func parts() -> [MF2.Formatter.Part] {
            // The locale's data is looked up again (from its bounded cache) rather than held:
            // one reference less to take and drop on every format whose parts are never read.
            MF2FastPath.parts(
                of: plan.patterns[variant], selector: selector, arguments: arguments, locale: locale, data: MF2LocaleData.of(locale),
                bidiIsolation: bidiIsolation)
        }
    }

    /// The isolating control before a placeholder, as `MF2Run.place` chooses it: the last
    /// byte of its UTF-8 (`E2 81 xx`) for U+2066 LRI, U+2067 RLI or U+2068 FSI.
    private static func isolation(_ direction: MF2.Direction, in messageDirection: MF2.Direction) -> UInt8? {
        switch direction {
        case .ltr: messageDirection == .ltr ? nil : 0xA6
        case .rtl: 0xA7
        case .unknown: 0xA8
        }
    }

    /// A whole number as `:number` shows it in the formatter's locale.
    private static func number(_ whole: Int64, in data: MF2LocaleData, formatter: MF2.Formatter) -> String {
        if let integers = data.integers { return integers.format(whole) }
        return (try? numberValue(whole, locale: formatter.locale, data: data, selects: false).formattedText()) ?? String(whole)
    }

    private static func numberValue(_ whole: Int64, locale: String, data: MF2LocaleData, selects: Bool) -> MF2.NumberValue {
        MF2.NumberValue(
            value: Decimal(whole), style: .number, options: [:], selection: selects ? .plural : nil, localeTag: locale,
            localeData: data, wholeValue: whole)
    }

    /// The parts of a pattern the fast path formatted, made as the general run makes them.
    static func parts(
        of pattern: MF2.Pattern, selector: Selector?, arguments: [String: MF2.Argument], locale: String, data: MF2LocaleData,
        bidiIsolation: Bool
    ) -> [MF2.Formatter.Part] {
        var text = ""
        var parts: [MF2.Formatter.Part] = []
        parts.reserveCapacity(pattern.parts.count * (bidiIsolation ? 3 : 1))
        for part in pattern.parts {
            switch part {
            case .text(let value):
                parts.append(.text(value))
            case .markup:
                continue
            case .expression(let expression):
                guard case .variable(let name)? = expression.operand else { continue }
                let value: any MF2Value
                if let selector, name == selector.name {
                    var number = numberValue(selector.whole, locale: locale, data: data, selects: true)
                    if selector.integer { number.style = .integer }
                    value = number
                } else {
                    switch arguments[name] {
                    case .string(let string)?: value = MF2.StringValue(string, locale: locale)
                    case .int(let whole)?: value = numberValue(whole, locale: locale, data: data, selects: false)
                    default: continue
                    }
                }
                guard let formatted = try? value.format() else { continue }
                MF2Run.place(
                    formatted.text, .value(formatted, direction: nil, id: nil, locale: value.locale), direction: value.direction,
                    isolate: false, in: data.direction, bidiIsolation: bidiIsolation, text: &text, parts: &parts)
            }
        }
        return parts
    }
}

/// Where the fast path writes a message's text.
private protocol TextSink {
    mutating func append(_ text: String)
    /// Appends UTF-8 that is whole characters (a plan's text piece).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends the isolating control U+2066 … U+2069 whose UTF-8 ends in `last`.
    mutating func appendIsolate(_ last: UInt8)
}

/// Bytes gathered in a buffer on the stack, made into one string at the end; a text that
/// outgrows the buffer is marked, and written again into a ``GrowingText``.
private struct StackText: TextSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    var overflowed = false

    mutating func append(_ text: String) {
        text.withUTF8Bytes { copy($0) }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { copy(bytes) }

    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !overflowed, count + bytes.count <= buffer.count else {
            overflowed = true
            return
        }
        if let base = bytes.baseAddress, let target = buffer.baseAddress {
            (target + count).update(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    mutating func appendIsolate(_ last: UInt8) {
        guard !overflowed, count + 3 <= buffer.count else {
            overflowed = true
            return
        }
        buffer[count] = 0xE2
        buffer[count + 1] = 0x81
        buffer[count + 2] = last
        count += 3
    }

    /// The text, or `nil` when it did not fit.
    var string: String? {
        overflowed ? nil : String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
}

/// A text appended as it goes, for messages longer than the stack buffer.
private struct GrowingText: TextSink {
    var text = ""

    mutating func append(_ text: String) { self.text += text }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { text += String(decoding: bytes, as: UTF8.self) }

    mutating func appendIsolate(_ last: UInt8) {
        // E2 81 xx is U+2040 + (xx & 0x3F): U+2066 … U+2069 for A6 … A9.
        text.unicodeScalars.append(Unicode.Scalar(UInt16(0x2040) + UInt16(last & 0x3F)) ?? "\u{FFFD}")
    }
}
