/// The common case of a `{name}` template, written straight into a buffer: every placeholder has
/// a value, every brace is paired, and the output fits on the stack. Anything else returns `nil`,
/// and the general path writes the message with its diagnostics, so both give the same text.
enum NamedTemplateWriter {
    /// The longest output written here; longer messages take the general path.
    static let capacity = 1_024

    static func write(_ template: String, _ values: [String: MessageArgument]) -> String? {
        var template = template
        return template.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                var writer = Output(buffer: buffer)
                guard fill(bytes, values, into: &writer) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writer.count]), as: UTF8.self)
            }
        }
    }

    private static func fill(
        _ bytes: UnsafeBufferPointer<UInt8>, _ values: [String: MessageArgument], into output: inout Output
    ) -> Bool {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        var index = 0
        var literalStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == open || byte == close else {
                index += 1
                continue
            }
            guard output.append(bytes, literalStart..<index) else { return false }
            let next = index + 1
            // `{{` and `}}` write one brace; a lone `}` needs a diagnostic.
            if next < bytes.count, bytes[next] == byte {
                guard output.append(byte) else { return false }
                index = next + 1
                literalStart = index
                continue
            }
            guard byte == open else { return false }
            var end = next
            while end < bytes.count, bytes[end] != close, bytes[end] != open { end += 1 }
            guard end < bytes.count, bytes[end] == close,
                let value = value(named: UnsafeBufferPointer(rebasing: bytes[next..<end]), in: values),
                output.append(value)
            else { return false }
            index = end + 1
            literalStart = index
        }
        return output.append(bytes, literalStart..<bytes.count)
    }

    /// The value whose name has these bytes. A message names few values, so comparing bytes beats
    /// hashing; a name no key matches byte for byte is hashed, since `String` compares canonically.
    private static func value(named name: UnsafeBufferPointer<UInt8>, in values: [String: MessageArgument]) -> MessageArgument? {
        if values.count <= 8 {
            for (key, value) in values where same(key, name) { return value }
        }
        return values[String(decoding: name, as: UTF8.self)]
    }

    private static func same(_ key: String, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.utf8.count == name.count else { return false }
        return key.utf8.elementsEqual(name)
    }

    /// A bounded byte buffer; every append says whether it fit.
    private struct Output {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) -> Bool {
            guard count < buffer.count else { return false }
            buffer[count] = byte
            count += 1
            return true
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            guard range.count <= buffer.count - count else { return false }
            guard !range.isEmpty, let source = bytes.baseAddress, let target = buffer.baseAddress else { return true }
            (target + count).update(from: source + range.lowerBound, count: range.count)
            count += range.count
            return true
        }

        mutating func append(_ value: MessageArgument) -> Bool {
            switch value {
            case .int(let number):
                return appendDecimal(negative: number < 0, magnitude: number.magnitude)
            case .uint(let number):
                return appendDecimal(negative: false, magnitude: number)
            case .string(let text):
                return append(text)
            case .double, .decimal:
                return append(value.description)
            }
        }

        private mutating func append(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { append($0, 0..<$0.count) }
        }

        private mutating func appendDecimal(negative: Bool, magnitude: UInt64) -> Bool {
            // 20 digits hold any UInt64, and one more the sign.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { scratch in
                var value = magnitude
                var start = scratch.count
                repeat {
                    start -= 1
                    scratch[start] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                } while value != 0
                if negative {
                    start -= 1
                    scratch[start] = UInt8(ascii: "-")
                }
                return append(UnsafeBufferPointer(scratch), start..<scratch.count)
            }
        }
    }
}
