/// The numbers a CLDR plural rule looks at, taken from how a number is written.
///
/// A value alone is not enough: `1` and `1.0` are equal, yet English says "1 file" and
/// "1.0 files". So the operands come from the written digits, as UTS #35 (Part 3,
/// "Plural Operand Meanings") defines them:
///
/// | written   | n       | i       | v | w | f  | t  | c |
/// |-----------|---------|---------|---|---|----|----|---|
/// | `1`       | 1       | 1       | 0 | 0 | 0  | 0  | 0 |
/// | `1.0`     | 1       | 1       | 1 | 0 | 0  | 0  | 0 |
/// | `1.30`    | 1.3     | 1       | 2 | 1 | 30 | 3  | 0 |
/// | `1.230`   | 1.23    | 1       | 3 | 2 | 230| 23 | 0 |
/// | `1.2c6`   | 1200000 | 1200000 | 0 | 0 | 0  | 0  | 6 |
/// | `1.20050c3` | 1200.5 | 1200   | 2 | 1 | 50 | 5  | 3 |
///
/// The sign is dropped: rules see the absolute value.
///
/// No value traps. `i`, `f` and `t` are exact below 10¹⁸; from there on they keep their
/// last 18 digits plus 10¹⁸. Every `i % 10`, `i % 100` … `i % 10¹⁸` a rule takes stays
/// exact, and no rule comparing with a small number (`i = 1`) matches by accident.
public struct PluralOperands: Hashable, Sendable {
    /// The absolute value, as closely as a `Double` holds it.
    public let n: Double
    /// The integer digits of `n`.
    public let i: UInt64
    /// How many fraction digits are visible, trailing zeros included.
    public let v: Int
    /// How many fraction digits are visible, trailing zeros left out.
    public let w: Int
    /// The visible fraction digits as a number, trailing zeros included (`1.30` gives 30).
    public let f: UInt64
    /// The visible fraction digits as a number, trailing zeros left out (`1.30` gives 3).
    public let t: UInt64
    /// The exponent of compact notation (`1.2c6` for "1.2M"); 0 for plain numbers.
    public let c: Int
    /// Another name for ``c``, which CLDR rules also write as `e`.
    public var e: Int { c }

    @usableFromInline
    init(n: Double, i: UInt64, v: Int, w: Int, f: UInt64, t: UInt64, c: Int) {
        self.n = n
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.c = c
    }

    /// Where `i`, `f` and `t` stop being exact: 10¹⁸.
    @usableFromInline static var exactLimit: UInt64 { 1_000_000_000_000_000_000 }

    /// `value` itself below 10¹⁸, otherwise its last 18 digits plus 10¹⁸.
    @inlinable @inline(__always)
    static func digitsValue(_ value: UInt64) -> UInt64 {
        value < exactLimit ? value : exactLimit + value % exactLimit
    }

    /// The operands of a whole number: the fast path, with no string work.
    ///
    /// This overload exists so `Int`, the common case, never goes through generic code.
    @inlinable
    public init(_ value: Int) {
        let magnitude = UInt64(value.magnitude)
        self.init(n: Double(magnitude), i: Self.digitsValue(magnitude), v: 0, w: 0, f: 0, t: 0, c: 0)
    }

    /// The operands of a whole number of any integer type, `Int128` included.
    ///
    /// Inlinable, so a caller in another module (the runtime's `Int64` and `UInt64`
    /// arguments) gets it specialized instead of running generic code on every message.
    @inlinable
    public init<Integer: BinaryInteger>(_ value: Integer) {
        let magnitude = value.magnitude
        if let exact = UInt64(exactly: magnitude) {
            self.init(n: Double(exact), i: Self.digitsValue(exact), v: 0, w: 0, f: 0, t: 0, c: 0)
            return
        }
        // Wider than 64 bits, so the magnitude type holds 10¹⁸.
        let lastDigits = Integer.Magnitude(exactly: Self.exactLimit).flatMap { UInt64(exactly: magnitude % $0) } ?? 0
        self.init(n: Double(magnitude), i: Self.exactLimit + lastDigits, v: 0, w: 0, f: 0, t: 0, c: 0)
    }

    /// The operands of a number too large to write out: NaN and the infinities.
    ///
    /// They count as a huge whole number ending in zeros, the form languages use for
    /// "many" (`∞` takes the same words as 1,000,000 in French or Russian).
    static let unwritable = PluralOperands(n: .infinity, i: exactLimit, v: 0, w: 0, f: 0, t: 0, c: 0)
}
