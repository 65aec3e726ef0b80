@_spi(Files) import ParlanceCatalogs
import ParlanceTestSupport
import Testing

/// The one UTF-8 validator every reader uses, against the standard library's decoder.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test("Ill-formed sequences are found at their first byte", arguments: [
        ([0x41, 0xC0, 0x80], 1),               // overlong encoding of U+0000
        ([0xE0, 0x80, 0x80], 0),               // overlong three-byte form
        ([0xED, 0xA0, 0x80], 0),               // a surrogate, U+D800
        ([0xF4, 0x90, 0x80, 0x80], 0),         // past U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),         // no such lead byte
        ([0x61, 0x62, 0xE2, 0x82], 2),         // truncated at the end
        ([0xE2, 0x28, 0xA1], 0),               // a continuation byte missing
        ([0x80], 0),                           // a lone continuation byte
        ([0xFF, 0x41], 0),
    ] as [([UInt8], Int)])
    func illFormed(bytes: [UInt8], offset: Int) {
        #expect(UTF8Validation.firstInvalidByte(in: bytes) == offset)
    }

    @Test("Well-formed text of every length is accepted, from any starting offset")
    func wellFormed() {
        let text = Array("a é ✓ 𝄞 日本語 \u{10FFFF}".utf8)
        #expect(UTF8Validation.firstInvalidByte(in: text) == nil)
        #expect(UTF8Validation.firstInvalidByte(in: [0xEF, 0xBB, 0xBF, 0x41], from: 3) == nil)
        #expect(UTF8Validation.firstInvalidByte(in: []) == nil)
    }

    @Test("100,000 random byte strings: the standard library agrees on every one")
    func agreesWithTheStandardLibrary() {
        var generator = SplitMix(seed: 0x5EED)  // CurrencyPatternTests' deterministic generator
        // Bytes weighted towards the lead and continuation ranges, where the cases are.
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        for _ in 0..<100_000 {
            let count = Int(generator.next() % 8)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let found = UTF8Validation.firstInvalidByte(in: bytes)
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((found == nil) == valid, "\(bytes)")
            if let found {
                // Everything before it is valid; the standard library's parser stops there too.
                #expect(String(validating: bytes[..<found], as: UTF8.self) != nil, "\(bytes)")
                var iterator = bytes.makeIterator()
                var parser = Unicode.UTF8.ForwardParser()
                var offset = 0
                while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
                #expect(offset == found, "\(bytes)")
            }
        }
    }
}
