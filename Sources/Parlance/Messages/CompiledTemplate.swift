import Synchronization

/// A printf-style template scanned once, ready to render many times.
///
/// Scanning costs more than rendering, so ``MessageFormatter`` keeps recently used templates
/// in a small shared cache; build a `CompiledTemplate` yourself to skip even the cache lookup
/// on a hot path.
public struct CompiledTemplate: Sendable, Hashable {
    /// The template as written.
    public let template: String
    /// Its tokens, in order.
    public let tokens: [FormatToken]

    public init(_ template: String) {
        self.template = template
        self.tokens = FormatTemplateScanner.tokens(in: template)
    }

    /// The compiled form of `template`, from the shared cache when it was seen lately.
    static func cached(_ template: String) -> CompiledTemplate {
        // Huge templates are rare and would crowd the cache; compile them each time.
        guard template.utf8.count <= TemplateCache.maximumTemplateLength else { return CompiledTemplate(template) }
        if let compiled = templateCache.withLock({ $0.templates[template] }) { return compiled }
        let compiled = CompiledTemplate(template)
        templateCache.withLock { $0.insert(compiled) }
        return compiled
    }
}

/// Recently compiled templates; bounded so untrusted content cannot grow it without end.
struct TemplateCache: Sendable {
    static let maximumTemplateLength = 4_096
    static let capacity = 2_048

    var templates: [String: CompiledTemplate] = [:]

    mutating func insert(_ compiled: CompiledTemplate) {
        // Dropping everything is crude but O(1) per insert on average and keeps memory bounded.
        if templates.count >= Self.capacity { templates.removeAll(keepingCapacity: true) }
        templates[compiled.template] = compiled
    }
}

private let templateCache = Mutex(TemplateCache())
