import Parlance
import SwiftParser
import SwiftSyntax

/// The key Xcode extracts for an interpolated literal: each interpolation becomes a
/// format specifier, and a literal `%` becomes `%%` so the key is a valid format.
///
/// Xcode knows each value's type from the compiler; this reads the file alone, so a value's
/// type is the one its declaration in the file states (a parameter, a `let` or `var` with a
/// type annotation or a literal initial value, a stored property), mapped as `LocalizedKey`
/// maps it at runtime. A value whose declaration is not in the file is guessed from its name.
enum InterpolatedKey {
    static func key(of literal: StringLiteralExprSyntax) -> String? {
        var key = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                // Let swift-syntax resolve escapes by reading the segment as a literal of its own.
                let alone = literal.with(\.segments, StringLiteralSegmentListSyntax([.stringSegment(text)]))
                guard let value = alone.representedLiteralValue else { return nil }
                // By scalar, as the runtime's LocalizedKey escapes it.
                for scalar in value.unicodeScalars {
                    if scalar == "%" { key += "%%" } else { key.unicodeScalars.append(scalar) }
                }
            case .expressionSegment(let interpolation):
                key += specifier(for: Array(interpolation.expressions), at: Syntax(interpolation))
            }
        }
        return key
    }

    /// Names that read as counts, whose values are integers in nearly all code.
    static let countNames: Set<String> = ["count", "total", "n", "number", "index", "quantity", "remaining"]

    static func specifier(for arguments: [LabeledExprSyntax], at place: Syntax) -> String {
        if let explicit = arguments.first(where: { $0.label?.text == "specifier" }),
           let text = explicit.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
            return text
        }
        guard let expression = arguments.first?.expression else { return "%@" }
        if let type = literalType(of: expression) { return LocalizedKey.specifiersByTypeName[type] ?? "%@" }
        let name: String?
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            if let type = DeclaredTypes.type(of: reference.baseName.text, before: place, members: false), !type.isEmpty {
                return LocalizedKey.specifiersByTypeName[type] ?? "%@"
            }
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
               let type = DeclaredTypes.type(of: member.declName.baseName.text, before: place, members: true), !type.isEmpty {
                return LocalizedKey.specifiersByTypeName[type] ?? "%@"
            }
        } else if let call = expression.as(FunctionCallExprSyntax.self),
                  let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                  LocalizedKey.specifiersByTypeName[callee.baseName.text] != nil {
            // A conversion such as `Int(x)` or `Double(y)`: the type it names.
            return LocalizedKey.specifiersByTypeName[callee.baseName.text] ?? "%@"
        } else {
            name = nil
        }
        if let name, countNames.contains(name) || name.hasSuffix("Count") { return "%lld" }
        return "%@"
    }

    /// The type a literal has by default: `Int`, `Double`, `String`.
    static func literalType(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return literalType(of: prefix.expression)
        }
        return nil
    }
}

/// Finds the type a name is declared with, looking outwards from a place in a file as name
/// lookup does: the enclosing closures' and functions' parameters, the statements before the
/// place in each enclosing block, then the enclosing types' stored properties and the file's
/// top-level declarations.
enum DeclaredTypes {
    /// The declared type's name (`Int`, `Double`); empty when the name is declared without a
    /// type the file states (`let x = f()`), so an outer declaration it shadows is not taken;
    /// `nil` when no declaration is found. With `members`, only stored properties of the
    /// enclosing types are read (`self.name`).
    static func type(of name: String, before place: Syntax, members: Bool) -> String? {
        var node: Syntax? = place
        var child = place
        while let current = node {
            if !members {
                if let found = parameterType(of: name, in: current) { return found }
                if let found = boundType(of: name, in: current, around: child) { return found }
                if let items = current.as(CodeBlockItemListSyntax.self),
                   let found = variableType(of: name, in: items.prefix { $0.position < child.position }.map { Syntax($0.item) }) {
                    return found
                }
            }
            if let block = current.as(MemberBlockItemListSyntax.self),
               let found = variableType(of: name, in: block.map { Syntax($0.decl) }) {
                return found
            }
            child = current
            node = current.parent
        }
        return nil
    }

    /// The type `name` has where an `if`, `while` or `guard` condition, a `for` loop or a
    /// `catch` binds it around `child`: `if let count` or `if let count = count` unwraps the
    /// outer `Int?` to `Int`; any other binding is declared with a type the file does not state.
    private static func boundType(of name: String, in node: Syntax, around child: Syntax) -> String? {
        var conditions: ConditionElementListSyntax?
        if let statement = node.as(IfExprSyntax.self), child.id != Syntax(statement.conditions).id {
            conditions = statement.conditions
        } else if let statement = node.as(WhileStmtSyntax.self), child.id != Syntax(statement.conditions).id {
            conditions = statement.conditions
        } else if let items = node.as(CodeBlockItemListSyntax.self) {
            // `guard let` declares into the block it stands in, for the statements after it.
            for item in items.reversed() where item.position < child.position {
                guard let guardStatement = item.item.as(GuardStmtSyntax.self) else { continue }
                if let found = conditionType(of: name, in: guardStatement.conditions, at: Syntax(guardStatement)) { return found }
            }
            return nil
        } else if let loop = node.as(ForStmtSyntax.self), child.id == Syntax(loop.body).id {
            let bound = loop.pattern.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
            return bound ? "" : nil
        } else if let clause = node.as(CatchClauseSyntax.self) {
            let bound = clause.catchItems.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
                || (clause.catchItems.isEmpty && name == "error")
            return bound ? "" : nil
        }
        guard let conditions else { return nil }
        return conditionType(of: name, in: conditions, at: node)
    }

    /// The type a condition list gives `name`: an optional binding of it unwraps the outer
    /// declaration's optional type when it binds the name to itself; other patterns state none.
    private static func conditionType(of name: String, in conditions: ConditionElementListSyntax, at place: Syntax) -> String? {
        for element in conditions.reversed() {
            if let binding = element.condition.as(OptionalBindingConditionSyntax.self),
               binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let annotation = binding.typeAnnotation { return typeName(annotation.type) }
                let value = binding.initializer?.value
                let sameName = value == nil || value?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                // The outer declaration is looked up from outside the statement that binds it.
                guard sameName, let outside = place.parent,
                      let outer = type(of: name, before: outside, members: false), outer.hasSuffix("?") else { return "" }
                return String(outer.dropLast())
            }
            if element.condition.is(MatchingPatternConditionSyntax.self),
               element.condition.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) {
                return ""
            }
        }
        return nil
    }

    /// The type of a parameter named `name` of the function, initializer or closure `node`.
    private static func parameterType(of name: String, in node: Syntax) -> String? {
        let parameters: FunctionParameterListSyntax?
        if let function = node.as(FunctionDeclSyntax.self) {
            parameters = function.signature.parameterClause.parameters
        } else if let initializer = node.as(InitializerDeclSyntax.self) {
            parameters = initializer.signature.parameterClause.parameters
        } else if let closure = node.as(ClosureExprSyntax.self), let clause = closure.signature?.parameterClause {
            guard case .parameterClause(let clause) = clause else {
                // `{ x, y in … }`: the names are declared, their types are not written.
                if case .simpleInput(let names) = clause, names.contains(where: { $0.name.text == name }) { return "" }
                return nil
            }
            guard let parameter = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
            return parameter.type.map(typeName) ?? ""
        } else {
            parameters = nil
        }
        guard let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
        return typeName(parameter.type)
    }

    /// The type of the last `let` or `var` named `name` among `declarations`: its annotation,
    /// else the default type of a literal it is set to.
    private static func variableType(of name: String, in declarations: [Syntax]) -> String? {
        for declaration in declarations.reversed() {
            guard let variable = declaration.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
                if let annotation = binding.typeAnnotation { return typeName(annotation.type) }
                if let value = binding.initializer?.value {
                    if let literal = InterpolatedKey.literalType(of: value) { return literal }
                    // `let x = Double(y)`, `let n = Int(text) ?? 0` read as the type they name.
                    if let call = value.as(FunctionCallExprSyntax.self),
                       let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                       LocalizedKey.specifiersByTypeName[callee.baseName.text] != nil {
                        return callee.baseName.text
                    }
                }
                return ""
            }
        }
        return nil
    }

    /// A type as a name: `Int`, `Swift.Int` → `Int`; an optional or anything composite is
    /// kept whole, so it maps to no specifier but `%@`, as Apple's interpolation does.
    private static func typeName(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        return text.hasPrefix("Swift.") ? String(text.dropFirst("Swift.".count)) : text
    }
}
