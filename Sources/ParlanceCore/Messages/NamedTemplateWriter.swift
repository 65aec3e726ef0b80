#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The common case of a `{name}` template, written straight into a buffer: every placeholder
/// has a value, every brace is paired, and the output fits in ``StackText/capacity`` bytes.
/// Anything else returns `nil`, and the general path writes the message with its diagnostics,
/// so both give the same text.
enum NamedTemplateWriter {
    static func write(_ template: String, _ values: [String: MessageArgument]) -> String? {
        template.withUTF8Bytes { bytes in StackText.write { fill(bytes, values, into: &$0) } }
    }

    private static func fill(
        _ bytes: UnsafeBufferPointer<UInt8>, _ values: [String: MessageArgument], into output: inout StackText
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
            var index = values.startIndex
            while index != values.endIndex {
                if same(values.keys[index], name) { return values.values[index] }
                values.formIndex(after: &index)
            }
        }
        return values[String(decoding: name, as: UTF8.self)]
    }

    private static func same(_ key: String, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.utf8.count == name.count else { return false }
        return key.withUTF8Bytes { bytes in
            guard let left = bytes.baseAddress, let right = name.baseAddress else { return bytes.count == name.count }
            return memcmp(left, right, bytes.count) == 0
        }
    }
}
