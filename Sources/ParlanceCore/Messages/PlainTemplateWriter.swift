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
            // Each part read in place: iterating the array would copy every part out, a retain
            // and a release of its payload.
            let fits = storage.parts.withUnsafeBufferPointer { parts in
                for place in parts.indices {
                    switch parts[place] {
                    case .text(let literal):
                        guard text.append(literal) else { return false }
                    case .conversion(let conversion):
                        let index = conversion.position ?? next
                        guard index >= 1, index <= arguments.count, let plain = conversion.plain,
                            plain.placesAsWritten(arguments[index - 1]), text.append(arguments[index - 1])
                        else { return false }
                        read |= 1 << UInt64(index - 1)
                        next = index.after
                    case .invalid, .substitution, .substitutedArgument:
                        return false
                    }
                }
                return true
            }
            guard fits else { return false }
            // An argument nothing read is reported by the general path.
            return read == (1 << UInt64(arguments.count)) &- 1
        }
    }
}
