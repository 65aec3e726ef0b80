import Parlance
import ParlanceCatalogs
import SwiftParser
import SwiftSyntax

/// Walks a syntax tree and records each call that looks a key up.
final class SourceKeyVisitor: SyntaxVisitor {
    private(set) var usages: [KeyUsage] = []
    private let locations: SourceLocationConverter
    private let bytes: [UInt8]
    private let path: String

    init(locations: SourceLocationConverter, bytes: [UInt8], path: String) {
        self.locations = locations
        self.bytes = bytes
        self.path = path
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let arguments = Array(node.arguments)
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.text {
            case "localized":
                // `"key".localized()`: the key is the receiver.
                if let literal = member.base?.as(StringLiteralExprSyntax.self), let key = literal.representedLiteralValue {
                    record(key, at: literal, arguments, table: "table", comment: "comment", defaultValue: "default")
                }
            case "string":
                // `.string("…")` with no receiver, and `Localization.string("…")`, make a value;
                // every lookup has a receiver (`localizer.string`, `LocalizationProvider.string`).
                // An interpolated literal is a key of its own (Xcode's) only where the runtime reads
                // it as a `LocalizedKey`: a localizer's or snapshot's `string("…\(x)…")` with at most
                // `table:` and `default:` beside it, and words in its text. A literal made only of
                // interpolations (`string("\(key)")`) or without spaces (`string("item.\(id).title")`)
                // builds a key at runtime: its keys are the catalog's own, not a new one.
                if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "Localization",
                    let (literal, key) = firstLiteral(arguments, label: nil, interpolated: true),
                    !Self.hasInterpolation(literal) || Self.readsAsLocalizedKey(literal, arguments, base: base)
                {
                    record(key, at: literal, arguments, table: "table", comment: "comment", defaultValue: "default")
                }
            default:
                break
            }
        } else if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            switch callee.baseName.text {
            case "String":
                if let (literal, key) = firstLiteral(arguments, label: "localized", interpolated: true) {
                    record(key, at: literal, arguments, table: "table", comment: "comment", defaultValue: "defaultValue")
                }
            case "NSLocalizedString":
                if let (literal, key) = firstLiteral(arguments, label: nil, interpolated: false) {
                    record(key, at: literal, arguments, table: "tableName", comment: "comment", defaultValue: "value")
                }
            case "Text":
                if let (literal, key) = firstLiteral(arguments, label: nil, interpolated: true) {
                    record(key, at: literal, arguments, table: "tableName", comment: "comment", defaultValue: nil)
                }
            default:
                break
            }
        }
        return .visitChildren
    }

    static func hasInterpolation(_ literal: StringLiteralExprSyntax) -> Bool {
        literal.segments.contains { if case .expressionSegment = $0 { true } else { false } }
    }

    /// Whether `string(literal, …)` on `base` is the `LocalizedKey` overload with a message
    /// written as text: no argument but `table:`/`default:`, not `LocalizationProvider`, and a
    /// space in the literal's text.
    static func readsAsLocalizedKey(_ literal: StringLiteralExprSyntax, _ arguments: [LabeledExprSyntax], base: ExprSyntax) -> Bool {
        guard base.as(DeclReferenceExprSyntax.self)?.baseName.text != "LocalizationProvider",
              arguments.dropFirst().allSatisfy({ ["table", "default"].contains($0.label?.text ?? "") })
        else { return false }
        return literal.segments.contains { segment in
            if case .stringSegment(let text) = segment { text.content.text.contains(" ") } else { false }
        }
    }

    /// The first argument when it has `label` and is a string literal, with its key.
    private func firstLiteral(
        _ arguments: [LabeledExprSyntax], label: String?, interpolated: Bool
    ) -> (StringLiteralExprSyntax, String)? {
        guard let first = arguments.first, first.label?.text == label,
              let literal = first.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        if let key = literal.representedLiteralValue { return (literal, key) }
        guard interpolated, let key = InterpolatedKey.key(of: literal) else { return nil }
        return (literal, key)
    }

    private func record(
        _ key: String, at literal: StringLiteralExprSyntax, _ arguments: [LabeledExprSyntax],
        table: String, comment: String, defaultValue: String?
    ) {
        func literalArgument(_ label: String?) -> String? {
            guard let label else { return nil }
            let argument = arguments.first { $0.label?.text == label }
            return argument?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        }
        let value = literalArgument(defaultValue)
        usages.append(KeyUsage(
            key: key,
            table: literalArgument(table),
            comment: literalArgument(comment).flatMap { $0.isEmpty ? nil : $0 },
            defaultValue: value.flatMap { $0.isEmpty ? nil : $0 },
            location: location(of: literal)))
    }

    /// The literal's place, its column counted in Unicode scalars as editors show it
    /// (swift-syntax counts UTF-8 bytes).
    private func location(of node: some SyntaxProtocol) -> ParlanceCatalogs.SourceLocation {
        let position = node.positionAfterSkippingLeadingTrivia
        let found = locations.location(for: position)
        let offset = min(max(position.utf8Offset, 0), bytes.count)
        let lineStart = max(0, min(offset - (found.column - 1), offset))
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return ParlanceCatalogs.SourceLocation(file: path, line: found.line, column: prefix.unicodeScalars.count + 1)
    }
}
