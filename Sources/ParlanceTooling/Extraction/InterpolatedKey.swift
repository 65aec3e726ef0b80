import SwiftParser
import SwiftSyntax

/// The key Xcode extracts for an interpolated literal: each interpolation becomes a
/// format specifier, and a literal `%` becomes `%%` so the key is a valid format.
enum InterpolatedKey {
    static func key(of literal: StringLiteralExprSyntax) -> String? {
        var key = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                // Let swift-syntax resolve escapes by reading the segment as a literal of its own.
                let alone = literal.with(\.segments, StringLiteralSegmentListSyntax([.stringSegment(text)]))
                guard let value = alone.representedLiteralValue else { return nil }
                key += value.replacing("%", with: "%%")
            case .expressionSegment(let interpolation):
                key += specifier(for: Array(interpolation.expressions))
            }
        }
        return key
    }

    /// Names that read as counts, whose values are integers in nearly all code.
    static let countNames: Set<String> = ["count", "total", "n", "number", "index", "quantity", "amount", "remaining", "score"]

    static func specifier(for arguments: [LabeledExprSyntax]) -> String {
        if let explicit = arguments.first(where: { $0.label?.text == "specifier" }),
           let text = explicit.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
            return text
        }
        guard let expression = arguments.first?.expression else { return "%@" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "%lld" }
        if expression.is(FloatLiteralExprSyntax.self) { return "%lf" }
        let name: String? = if let reference = expression.as(DeclReferenceExprSyntax.self) {
            reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            member.declName.baseName.text
        } else {
            nil
        }
        if let name, countNames.contains(name) || name.hasSuffix("Count") { return "%lld" }
        return "%@"
    }
}
