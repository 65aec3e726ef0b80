/// A plural category as CLDR names it: `zero`, `one`, `two`, `few`, `many`, `other`.
///
/// An open set: files in the wild hold invented names such as `three`, and a
/// reader keeps them so nothing is lost; ``isCLDR`` tells them apart.
///
/// Its members are inlinable: the runtime chooses a category on every plural message, and it
/// lives in another module, so comparing and hashing a category must not cost a call each.
public struct PluralCategory: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: String
    @inlinable public init(rawValue: String) { self.rawValue = rawValue }
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }

    /// CLDR's categories; which of them a language uses is in ``PluralRules/categories``.
    @inlinable public static var zero: PluralCategory { PluralCategory("zero") }
    @inlinable public static var one: PluralCategory { PluralCategory("one") }
    @inlinable public static var two: PluralCategory { PluralCategory("two") }
    @inlinable public static var few: PluralCategory { PluralCategory("few") }
    @inlinable public static var many: PluralCategory { PluralCategory("many") }
    @inlinable public static var other: PluralCategory { PluralCategory("other") }

    @inlinable public static func == (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.rawValue == rhs.rawValue }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The six CLDR categories in CLDR's order.
    public static let allCLDR: [PluralCategory] = [.zero, .one, .two, .few, .many, .other]

    /// Whether this is one of the six categories CLDR defines.
    public var isCLDR: Bool { Self.allCLDR.contains(self) }

    /// CLDR order for the six CLDR categories, then other names alphabetically.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        let l = allCLDR.firstIndex(of: lhs) ?? allCLDR.count
        let r = allCLDR.firstIndex(of: rhs) ?? allCLDR.count
        return l != r ? l < r : lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }
}

/// A device class for device variations, as String Catalogs and `.stringsdict` name them.
public struct DeviceClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    @inlinable public init(rawValue: String) { self.rawValue = rawValue }
    @inlinable public init(_ rawValue: String) { self.rawValue = rawValue }

    @inlinable public static func == (lhs: DeviceClass, rhs: DeviceClass) -> Bool { lhs.rawValue == rhs.rawValue }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The device classes String Catalogs and `.stringsdict` files name.
    public static let iphone = DeviceClass("iphone")
    public static let ipod = DeviceClass("ipod")
    public static let ipad = DeviceClass("ipad")
    public static let mac = DeviceClass("mac")
    public static let applewatch = DeviceClass("applewatch")
    public static let appletv = DeviceClass("appletv")
    public static let applevision = DeviceClass("applevision")
    /// The fallback for every device not named.
    public static let other = DeviceClass("other")

    /// Every device class String Catalogs know, `other` last.
    public static let all: [DeviceClass] = [.iphone, .ipod, .ipad, .mac, .applewatch, .appletv, .applevision, .other]

    public var description: String { rawValue }
}

/// The review state of a translated string, as String Catalogs record it.
public struct TranslationState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Translated and reviewed.
    public static let translated = TranslationState(rawValue: "translated")
    /// Translated, but the source changed or a reviewer asked for another look.
    public static let needsReview = TranslationState(rawValue: "needs_review")
    /// Not translated yet.
    public static let new = TranslationState(rawValue: "new")
    /// Kept, though the key is no longer used.
    public static let stale = TranslationState(rawValue: "stale")

    public var description: String { rawValue }
}

/// How a key came into a String Catalog.
public struct ExtractionState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Added by hand.
    public static let manual = ExtractionState(rawValue: "manual")
    /// Found in code together with a default value.
    public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// No longer found in code.
    public static let stale = ExtractionState(rawValue: "stale")
    /// Migrated from `.strings` or `.stringsdict` files.
    public static let migrated = ExtractionState(rawValue: "migrated")

    public var description: String { rawValue }
}
