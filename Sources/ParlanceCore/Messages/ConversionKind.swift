/// What a conversion character asks for, decided once by its ASCII byte (comparing `Character`s is slow).
enum ConversionKind: Sendable {
    /// `@ s S`: text.
    case text
    /// `d D i`: a signed whole number.
    case signed
    /// `u U o O x X`: an unsigned whole number.
    case unsigned
    /// `f F e E g G a A`: a floating-point number.
    case floatingPoint
    /// `c C`: one character.
    case character
    /// `p n`: memory addresses and writes, never supported.
    case unsupported

    init(_ conversion: Character) {
        self.init(byte: conversion.utf8.first ?? 0)
    }

    init(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"): self = .signed
        case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"), UInt8(ascii: "X"):
            self = .unsigned
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
            UInt8(ascii: "a"), UInt8(ascii: "A"):
            self = .floatingPoint
        case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"): self = .text
        default: self = .unsupported
        }
    }

    /// The kind a `.stringsdict`/String Catalog argument type such as `lld` or `.1f` names, by its last character.
    init(type: String) {
        self.init(byte: type.utf8.last ?? UInt8(ascii: "@"))
    }
}
