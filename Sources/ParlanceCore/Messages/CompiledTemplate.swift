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

/// A printf-style template scanned once, ready to render many times.
///
/// Scanning costs more than rendering, so ``MessageFormatter`` keeps recently used templates
/// in a small shared cache; build a `CompiledTemplate` yourself to skip even the cache lookup
/// on a hot path.
public struct CompiledTemplate: Sendable, Hashable {
    /// One reference to share, so handing a cached template out costs a single retain.
    final class Storage: Sendable {
        let template: String
        let tokens: [FormatToken]
        let parts: [TemplatePart]

        convenience init(_ template: String, plainConversions: Bool) {
            self.init(template, tokens: FormatTemplateScanner.tokens(in: template), plainConversions: plainConversions)
        }

        /// Whether every part is text or a plain conversion, so ``PlainTemplateWriter`` can write it.
        let isPlain: Bool

        init(_ template: String, tokens: [FormatToken], plainConversions: Bool) {
            self.template = template
            self.tokens = tokens
            let parts = TemplatePart.parts(of: tokens, plainConversions: plainConversions)
            self.parts = parts
            self.isPlain = parts.allSatisfy { part in
                switch part {
                case .text: true
                case .conversion(let conversion): conversion.plain != nil
                case .invalid, .substitution, .substitutedArgument: false
                }
            }
        }
    }

    let storage: Storage

    /// The template as written.
    public var template: String { storage.template }
    /// Its tokens, in order.
    public var tokens: [FormatToken] { storage.tokens }
    /// The tokens as rendering wants them: text runs joined, conversions pre-decoded.
    var parts: [TemplatePart] { storage.parts }

    public init(_ template: String) {
        storage = Storage(template, plainConversions: true)
    }

    /// A template from tokens scanned before (a compiled file stores them), so it is not scanned again.
    init(_ template: String, tokens: [FormatToken]) {
        storage = Storage(template, tokens: tokens, plainConversions: true)
    }

    /// A template whose conversions all take the general path, for the tests that prove the
    /// plain conversions' shortcut writes what it would.
    init(_ template: String, plainConversions: Bool) {
        storage = Storage(template, plainConversions: plainConversions)
    }

    public static func == (lhs: CompiledTemplate, rhs: CompiledTemplate) -> Bool { lhs.template == rhs.template }
    public func hash(into hasher: inout Hasher) { hasher.combine(template) }

    /// How many templates the shared cache holds now (at most ``TemplateCache/slotCount``).
    static var cachedTemplateCount: Int {
        templateCacheShards.reduce(0) { count, shard in count + shard.withLock { $0.slots.count { $0 != nil } } }
    }

    /// The compiled form of `template`, from the shared cache when it was seen lately.
    static func cached(_ template: String) -> CompiledTemplate {
        // Huge templates are rare and would crowd the cache; compile them each time.
        guard template.utf8.count <= TemplateCache.maximumTemplateLength else { return CompiledTemplate(template) }
        let slot = template.withUTF8Bytes(TemplateCache.slot(of:))
        let shard = templateCacheShards[slot / TemplateCache.slotsPerShard]
        let index = slot % TemplateCache.slotsPerShard
        if let compiled = shard.withLock({ $0.slots[index] }), TemplateCache.same(compiled.template, template) {
            return compiled
        }
        let compiled = CompiledTemplate(template)
        shard.withLock { $0.slots[index] = compiled }
        return compiled
    }
}

/// One piece of a compiled template.
enum TemplatePart: Sendable {
    /// Literal text and `%%`, joined.
    case text(String)
    /// Text that looked like a conversion and is shown as written (and reported).
    case invalid(String)
    case conversion(Conversion)
    case substitution(name: String, position: Int?)
    case substitutedArgument

    static func parts(of tokens: [FormatToken], plainConversions: Bool) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var text = ""
        for token in tokens {
            switch token {
            case .literal(let literal): text += literal; continue
            case .percent: text += "%"; continue
            default: break
            }
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            switch token {
            case .specifier(let specifier): parts.append(.conversion(Conversion(specifier, plain: plainConversions)))
            case .substitution(let name, let position): parts.append(.substitution(name: name, position: position))
            case .substitutedArgument: parts.append(.substitutedArgument)
            case .invalid(let invalid): parts.append(.invalid(invalid))
            case .literal, .percent: break
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

/// A specifier with what rendering needs decoded once: its kind and flags.
///
/// A class, so walking a template retains one reference per conversion instead of each of its strings.
final class Conversion: Sendable {
    let specifier: FormatSpecifier
    let kind: ConversionKind
    let flags: PrintfFlags
    /// What the conversion reads and writes when it has no flags, width or precision: the
    /// conversions most messages hold, which rendering places without the general machinery.
    let plain: Plain?
    /// The 1-based argument it names (`%2$d`), if it names one.
    let position: Int?

    enum Plain {
        /// `%d`, `%ld`, `%lld`: a signed decimal number.
        case signedDecimal
        /// `%u`, `%lu`, `%llu`: an unsigned decimal number.
        case unsignedDecimal
        /// `%@`: the argument as text.
        case object

        /// Whether the conversion writes `argument` as its ``MessageArgument/description``
        /// with nothing to report: a whole number for `%d`, a non-negative one for `%u`, text for `%@`.
        func placesAsWritten(_ argument: MessageArgument) -> Bool {
            switch (self, argument) {
            case (.signedDecimal, .int), (.unsignedDecimal, .uint), (.object, .string): true
            case (.unsignedDecimal, .int(let value)): value >= 0
            default: false
            }
        }
    }

    init(_ specifier: FormatSpecifier, plain allowsPlain: Bool = true) {
        self.specifier = specifier
        self.kind = ConversionKind(specifier.conversion)
        self.flags = PrintfFlags(specifier.flags)
        self.position = specifier.position
        let isBare = allowsPlain && specifier.flags.isEmpty && specifier.width == nil && specifier.precision == nil
            && !specifier.hasStarArgument
        switch specifier.conversion {
        case "d" where isBare: plain = .signedDecimal
        case "u" where isBare: plain = .unsignedDecimal
        case "@" where isBare: plain = .object
        default: plain = nil
        }
    }
}

/// Recently compiled templates: a direct-mapped table, so a lookup is one cheap hash and
/// one comparison, and untrusted content can at worst evict entries, never grow memory.
/// The table is split into shards with a lock each, so threads rendering different
/// templates rarely wait for one another.
struct TemplateCache: Sendable {
    static let maximumTemplateLength = 4_096
    static let slotCount = 4_096
    static let shardCount = 64
    static let slotsPerShard = slotCount / shardCount

    var slots: [CompiledTemplate?] = Array(repeating: nil, count: slotsPerShard)

    /// The slot of a template: FNV-1a over its UTF-8 bytes, eight at a time. String's own
    /// hashing normalizes Unicode first, which is slow for non-ASCII text and pointless here.
    static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
            offset += 1
        }
        hash ^= UInt64(raw.count) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 32
        return Int(hash % UInt64(slotCount))
    }

    /// Whether two templates have the same UTF-8 bytes.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return lhs.withUTF8Bytes { l in
            rhs.withUTF8Bytes { r in
                guard let a = l.baseAddress, let b = r.baseAddress else { return l.count == r.count }
                return memcmp(a, b, l.count) == 0
            }
        }
    }
}

private let templateCacheShards = (0..<TemplateCache.shardCount).map { _ in Locked(TemplateCache()) }
