/// The state of rendering one message: output, diagnostics and which arguments were read.
struct MessageRenderer {
    /// What a template's `%#@name@` and `%arg` refer to while it renders.
    struct Scope {
        /// The substitutions `%#@name@` can name.
        var substitutions: OrderedMap<String, Substitution>?
        /// Inside a substitution variant: the 1-based argument the substitution reads.
        var argument: Int?
        /// Inside a substitution variant: how `%arg` formats that argument (`lld`).
        var argumentType: String
        /// Inside a substitution variant: the substitution's name and position, for diagnostics.
        var substitutionName: String
        var substitutionPosition: Int?

        static let top = Scope(
            substitutions: nil, argument: nil, argumentType: "@", substitutionName: "", substitutionPosition: nil)

        /// The substitution as written, `%2$#@files@`; built only when a diagnostic needs it.
        var argumentLabel: String { Self.label(substitutionName, substitutionPosition) }

        static func label(_ name: String, _ position: Int?) -> String {
            "%" + (position.map { "\($0)$" } ?? "") + "#@" + name + "@"
        }
    }

    let formatter: MessageFormatter
    let arguments: [MessageArgument]
    var output = ""
    var diagnostics: [Diagnostic] = []
    /// Bit `n - 1` is set once argument `n` was read; arguments past 64 are not tracked.
    var usedArguments: UInt64 = 0
    var substitutionCount = 0
    /// How many substitutions enclose the template being rendered.
    var substitutionDepth = 0
    /// How many variations enclose the localization being rendered; bounded against absurdly deep catalogs.
    var variationDepth = 0

    init(formatter: MessageFormatter, arguments: [MessageArgument]) {
        self.formatter = formatter
        self.arguments = arguments
    }

    /// Renders the tokens of `template` into ``output``.
    mutating func render(_ template: CompiledTemplate, in scope: Scope) {
        // Unpositioned conversions read arguments in turn; inside a variant they start at the substitution's own.
        var next = scope.argument ?? 1
        for part in template.parts {
            switch part {
            case .text(let text):
                output += text
            case .invalid(let text):
                output += text
                warn("\"\(text)\" is not a valid conversion; it is shown as written.")
            case .conversion(let conversion):
                renderConversion(conversion, next: &next)
            case .substitutedArgument:
                renderSubstitutedArgument(in: scope, next: &next)
            case .substitution(let name, let position):
                renderSubstitution(named: name, position: position, in: scope, next: &next)
            }
        }
    }

    /// The argument at the 1-based `index`, marked as read; `nil` with a diagnostic when missing.
    mutating func argument(_ index: Int, for text: @autoclosure () -> String) -> MessageArgument? {
        guard index >= 1, index <= arguments.count else {
            let text = text()
            let given = arguments.count == 1 ? "1 argument was" : "\(arguments.count) arguments were"
            warn("\"\(text)\" reads argument \(index), but \(given) given.")
            return nil
        }
        markUsed(index)
        return arguments[index - 1]
    }

    mutating func markUsed(_ index: Int) {
        if index >= 1, index <= 64 { usedArguments |= 1 << UInt64(index - 1) }
    }

    mutating func warn(_ message: String) {
        if diagnostics.count < MessageFormatter.maximumDiagnostics {
            diagnostics.append(Diagnostic(.warning, message))
        } else if diagnostics.count == MessageFormatter.maximumDiagnostics {
            diagnostics.append(Diagnostic(.warning, "More problems were found and not listed."))
        }
    }

    /// The message, with a diagnostic for each argument nothing read.
    mutating func finish() -> FormattedMessage {
        for offset in 0..<min(arguments.count, 64) where usedArguments & (1 << UInt64(offset)) == 0 {
            warn("Argument \(offset + 1) (\(arguments[offset].diagnosticDescription)) is never used.")
        }
        return FormattedMessage(string: output, diagnostics: diagnostics)
    }
}

extension Int {
    /// The next argument number; catalogs may hold any `argNum`, so it saturates instead of trapping.
    var after: Int { self == .max ? self : self + 1 }
}
