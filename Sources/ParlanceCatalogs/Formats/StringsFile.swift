/// The contents of a `.strings` file: every entry as written, plus what the reader noticed.
///
/// Entries keep file order and duplicates, so tools can show, lint and rewrite a file without
/// losing anything. Lookups should go through ``table``, which resolves duplicates the way
/// Foundation does.
public struct StringsFile: Hashable, Sendable {
    /// One `"key" = "value";` pair, with the comment written above it.
    public struct Entry: Hashable, Sendable {
        /// The key, with escapes resolved.
        public var key: String
        /// The value, with escapes resolved. For the short form `"key";` it equals the key.
        public var value: String
        /// The comment directly above the entry, trimmed; `nil` when there is none.
        ///
        /// Translators read these comments (genstrings and Xcode put the developer's note
        /// there). A comment counts when it starts on a later line than the previous entry
        /// and no blank line separates it from the key; consecutive comments are joined with
        /// line breaks.
        public var comment: String?
        /// Where the key starts.
        public var location: SourceLocation

        public init(key: String, value: String, comment: String? = nil, location: SourceLocation) {
            self.key = key
            self.value = value
            self.comment = comment
            self.location = location
        }
    }

    /// The entries in file order, duplicates included.
    public var entries: [Entry]
    /// Warnings found while reading, in file order.
    public var diagnostics: [Diagnostic]

    public init(entries: [Entry] = [], diagnostics: [Diagnostic] = []) {
        self.entries = entries
        self.diagnostics = diagnostics
    }

    /// The key–value table as Foundation would load it: when a key repeats, the last value wins.
    public var table: [String: String] {
        Dictionary(entries.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
