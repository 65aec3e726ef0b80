/// The state of rendering one message: output, diagnostics and which arguments were read.
struct MessageRenderer {
    /// What a template's `%arg` refers to while it renders. (The substitutions `%#@name@` can
    /// name are the renderer's ``substitutions``: a scope is made for every substitution
    /// expanded, and copying the table into each would retain and release it every time.)
    struct Scope {
        /// Inside a substitution variant: the 1-based argument the substitution reads.
        var argument: Int?
        /// Inside a substitution variant: how `%arg` formats that argument (`lld`).
        var argumentType: String
        /// Inside a substitution variant: the substitution's name and position, for diagnostics.
        var substitutionName: String
        var substitutionPosition: Int?

        static let top = Scope(
            argument: nil, argumentType: "@", substitutionName: "", substitutionPosition: nil)

        /// The substitution as written, `%2$#@files@`; built only when a diagnostic needs it.
        var argumentLabel: String { Self.label(substitutionName, substitutionPosition) }

        static func label(_ name: String, _ position: Int?) -> String {
            "%" + (position.map { "\($0)$" } ?? "") + "#@" + name + "@"
        }
    }

    let formatter: MessageFormatter
    let arguments: [MessageArgument]
    var output = ""
    /// The substitutions `%#@name@` can name: those of the innermost localization being
    /// rendered that defines any.
    var substitutions: OrderedMap<String, Substitution>?
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
        // Each part read in place: iterating the array would copy every part out, a retain
        // and a release of its payload.
        template.storage.parts.withUnsafeBufferPointer { parts in
            for place in parts.indices {
                switch parts[place] {
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
    }

    /// The argument at the 1-based `index`, marked as read; `nil` when there is none, which
    /// the caller reports with ``reportMissing(_:for:)``.
    ///
    /// The label is not an argument here: an autoclosure naming the scope or the specifier
    /// would copy it, a retain and a release of each of its strings, on every argument read.
    mutating func argument(_ index: Int) -> MessageArgument? {
        guard index >= 1, index <= arguments.count else { return nil }
        markUsed(index)
        return arguments[index - 1]
    }

    /// Reports that `text` reads argument `index`, which was not given.
    mutating func reportMissing(_ index: Int, for text: String) {
        let given = arguments.count == 1 ? "1 argument was" : "\(arguments.count) arguments were"
        warn("\"\(text)\" reads argument \(index), but \(given) given.")
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
