/// What kind of value a format argument must be, which is what must agree between languages.
///
/// `%d` and `%lld` are both integers: a translation may differ from its source in length
/// modifier without reading the wrong kind of value, so only the kind is compared.
enum ArgumentKind: Hashable, Sendable {
    case integer, floatingPoint, object, cString, character, pointer
    case other(String)

    /// The kind a conversion character reads.
    init(conversion: Character) {
        switch conversion {
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": self = .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .floatingPoint
        case "@": self = .object
        case "s", "S": self = .cString
        case "c", "C": self = .character
        case "p", "n": self = .pointer
        default: self = .other(String(conversion))
        }
    }

    /// The kind a substitution's `formatSpecifier` (`lld`, `d`, `@`) reads.
    init(typeSpecifier: String) {
        guard let conversion = typeSpecifier.last else {
            self = .other(typeSpecifier)
            return
        }
        self.init(conversion: conversion)
    }
}

/// One argument as a value uses it: its kind, and how it was first written (`%lld`,
/// `%2$@`) so messages can quote it.
struct Placeholder: Hashable, Sendable {
    var kind: ArgumentKind
    var text: String
}
