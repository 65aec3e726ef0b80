/// The common case of a printf-style template, written straight into a buffer: text and plain
/// `%d`, `%u`, `%@` conversions (no flags, width or precision), each reading an argument of the
/// kind it expects, every argument read, and the output within ``StackText/capacity`` bytes.
/// Anything else returns `nil`, and ``MessageRenderer`` writes the message with its diagnostics,
/// so both give the same text.
enum PlainTemplateWriter {
    /// - Parameter read: Arguments already read (bit `n - 1` for argument `n`), as a plural's
    ///   counted argument is; the rest must be read by the template.
    static func write(_ template: CompiledTemplate, _ arguments: [MessageArgument], read: UInt64 = 0) -> String? {
        let storage = template.storage
        guard storage.isPlain, arguments.count < 64 else { return nil }
        return StackText.write { text in
            var read = read
            var next = 1
            for part in storage.parts {
                switch part {
                case .text(let literal):
                    guard text.append(literal) else { return false }
                case .conversion(let conversion):
                    let index = conversion.position ?? next
                    guard index >= 1, index <= arguments.count else { return false }
                    let fits: Bool
                    switch (conversion.plain, arguments[index - 1]) {
                    case (.signedDecimal?, .int(let value)):
                        fits = text.appendDecimal(negative: value < 0, magnitude: value.magnitude)
                    case (.unsignedDecimal?, .uint(let value)):
                        fits = text.appendDecimal(negative: false, magnitude: value)
                    case (.unsignedDecimal?, .int(let value)) where value >= 0:
                        fits = text.appendDecimal(negative: false, magnitude: value.magnitude)
                    case (.object?, .string(let string)):
                        fits = text.append(string)
                    default:
                        return false
                    }
                    guard fits else { return false }
                    read |= 1 << UInt64(index - 1)
                    next = index.after
                case .invalid, .substitution, .substitutedArgument:
                    return false
                }
            }
            // An argument nothing read is reported by the general path.
            return read == (1 << UInt64(arguments.count)) &- 1
        }
    }
}
