import Parlance

/// How findings quote keys and values: in double quotes, line breaks visible, long text
/// shortened, because String Catalog keys are often whole sentences.
enum Quoting {
    static func quoted(_ text: String) -> String {
        Diagnostic.quoted(text, limit: 60)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
