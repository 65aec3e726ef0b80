/// Output written into a bounded buffer (on the stack, for the rendering shortcuts) and made a
/// `String` once; every append says whether it fit, so a shortcut can hand a long message to
/// the general path instead.
struct StackText {
    /// The longest output the shortcuts write; longer messages take the general path.
    static let capacity = 1_024

    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    /// What `fill` writes, as a `String`; `nil` when `fill` gives up or the text outgrows the buffer.
    static func write(_ fill: (inout StackText) -> Bool) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = StackText(buffer: buffer)
            guard fill(&text) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<text.count]), as: UTF8.self)
        }
    }

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

    mutating func append(_ text: String) -> Bool {
        text.withUTF8Bytes { append($0, 0..<$0.count) }
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
