/// Evaluates a gettext `plural=` expression for a whole `n`, as libintl does: C's
/// operators over unsigned integers, so tests can check the expressions Parlance writes.
struct GettextExpression {
    indirect enum Node {
        case number(Int), n
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    struct SyntaxError: Error { var message: String }

    let root: Node

    init(_ text: String) throws {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " { index = text.index(after: index); continue }
            if character.isNumber {
                let end = text[index...].firstIndex { !$0.isNumber } ?? text.endIndex
                tokens.append(String(text[index..<end]))
                index = end
                continue
            }
            let two = text[index...].prefix(2)
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(String(two)) {
                tokens.append(String(two))
                index = text.index(index, offsetBy: 2)
            } else {
                tokens.append(String(character))
                index = text.index(after: index)
            }
        }
        var parser = Parser(tokens: tokens)
        root = try parser.conditional()
        guard parser.position == tokens.count else { throw SyntaxError(message: "trailing \(tokens[parser.position...])") }
    }

    func evaluate(_ n: Int) -> Int { Self.evaluate(root, n) }

    private static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .number(let value): return value
        case .n: return n
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .conditional(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let l = evaluate(left, n)
            let r = evaluate(right, n)
            switch op {
            case "||": return (l != 0 || r != 0) ? 1 : 0
            case "&&": return (l != 0 && r != 0) ? 1 : 0
            case "==": return l == r ? 1 : 0
            case "!=": return l != r ? 1 : 0
            case "<": return l < r ? 1 : 0
            case ">": return l > r ? 1 : 0
            case "<=": return l <= r ? 1 : 0
            case ">=": return l >= r ? 1 : 0
            case "%": return r == 0 ? 0 : l % r
            default: return 0
            }
        }
    }

    private struct Parser {
        let tokens: [String]
        var position = 0

        var peek: String? { position < tokens.count ? tokens[position] : nil }

        mutating func take() -> String? {
            defer { position += 1 }
            return peek
        }

        mutating func conditional() throws -> Node {
            let test = try binary(0)
            guard peek == "?" else { return test }
            position += 1
            let yes = try conditional()
            guard take() == ":" else { throw SyntaxError(message: "expected :") }
            return .conditional(test, yes, try conditional())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["%"]]

        mutating func binary(_ level: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level + 1)
            while let op = peek, Self.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try binary(level + 1))
            }
            return left
        }

        mutating func unary() throws -> Node {
            switch take() {
            case "!": return .not(try unary())
            case "n": return .n
            case "(":
                let inner = try conditional()
                guard take() == ")" else { throw SyntaxError(message: "expected )") }
                return inner
            case let token?:
                guard let value = Int(token) else { throw SyntaxError(message: "unexpected \(token)") }
                return .number(value)
            case nil: throw SyntaxError(message: "unexpected end")
            }
        }
    }
}
