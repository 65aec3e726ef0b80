import Foundation

/// The fuzz input as a stream of choices: small numbers from the front, payloads from the back.
///
/// Taking numbers and text from opposite ends keeps most of a mutation local: flipping a byte
/// of the template does not reshuffle every argument decoded after it, so libFuzzer's coverage
/// feedback stays meaningful.
struct FuzzInput {
    private let bytes: [UInt8]
    private var front: Int
    private var back: Int

    init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        front = 0
        back = count
    }

    var isEmpty: Bool { front >= back }

    /// The next byte from the front; 0 once the input is used up.
    mutating func byte() -> UInt8 {
        guard front < back else { return 0 }
        defer { front += 1 }
        return bytes[front]
    }

    /// A number in `0..<bound` from the front.
    mutating func choice(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(byte()) % bound
    }

    /// `count` bytes from the back, fewer when the input runs out.
    mutating func tail(_ count: Int) -> [UInt8] {
        let taken = min(count, back - front)
        defer { back -= taken }
        return Array(bytes[(back - taken)..<back])
    }

    /// Eight bytes from the back as a 64-bit pattern.
    mutating func word() -> UInt64 {
        tail(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Whatever the front and back have not used, as text; invalid UTF-8 becomes U+FFFD.
    mutating func rest() -> String {
        defer { front = back }
        return String(decoding: bytes[front..<back], as: UTF8.self)
    }
}

/// Stops the fuzzer with a message when a property that must hold does not.
///
/// A harness check, not library code: a failure here is exactly what fuzzing looks for.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("fuzz property failed: \(message())\n".utf8))
        abort()
    }
}
