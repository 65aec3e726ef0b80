/// An app version as `CFBundleShortVersionString` and most release processes write it: up to
/// eight whole numbers separated by dots (`2`, `2.4`, `2.4.1`). Missing trailing parts are
/// zero, so `2.4` and `2.4.0` are equal.
public struct AppVersion: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The numbers, as written.
    public let parts: [Int]

    /// Reads `text`; `nil` when it is not one to eight dot-separated whole numbers of at most
    /// nine digits each.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 80 else { return nil }
        var parts: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.utf8.count <= 9, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(part)
            else { return nil }
            parts.append(number)
        }
        guard parts.count <= 8 else { return nil }
        self.parts = parts
    }

    /// A version written in code; a literal that is no version is a programming error.
    public init(stringLiteral value: String) {
        guard let version = AppVersion(value) else { preconditionFailure("\"\(value)\" is no app version") }
        self = version
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { compare(lhs, rhs) == 0 }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts[...]
        while trimmed.last == 0 { trimmed = trimmed.dropLast() }
        hasher.combine(Array(trimmed))
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool { compare(lhs, rhs) < 0 }

    private static func compare(_ lhs: AppVersion, _ rhs: AppVersion) -> Int {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }
}
