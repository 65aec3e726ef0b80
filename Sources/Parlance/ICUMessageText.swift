import Foundation
import ParlanceCore
import ParlanceMessageFormat

/// A value written in ICU MessageFormat (a JSON message catalog's), as a snapshot serves it:
/// parsed once when the snapshot is built, formatted at each lookup with the language's plural
/// rules and number formatting.
///
/// A message that does not parse is shown as written and its syntax error reported with each
/// rendering; `parlance check` finds it, with its line and column in the file, before it ships.
final class ICUMessageText: ICUMessageRendering {
    let source: String
    let parsed: Result<ICUMessageFormat.Message, ICUMessageFormat.SyntaxError>
    /// The pseudo-localization applied to the formatted text (ICU's syntax itself is never
    /// transformed, so its keywords and argument names stay readable to the parser).
    let pseudo: PseudoLocalization.Style?
    /// The formatter of the language whose catalog held the message (its plural rules and
    /// number formatting), made once.
    let formatter: ICUMessageFormat.Formatter

    init(_ source: String, language: Language, pseudo: PseudoLocalization.Style? = nil) {
        self.source = source
        self.pseudo = pseudo
        self.formatter = ICUMessageFormat.Formatter(locale: language.identifier)
        do {
            parsed = .success(try ICUMessageFormat.Message(parsing: source))
        } catch {
            parsed = .failure(error)
        }
    }

    /// The message formatted with named values (`{count}`, `{name, select, …}`).
    func format(values: [String: MessageArgument]) -> FormattedMessage {
        format { values[$0]?.messageFormatArgument }
    }

    /// The message formatted with positional values, which ICU names `{0}`, `{1}`, ….
    func format(positional: [MessageArgument]) -> FormattedMessage {
        format { name in
            guard let index = Int(name), positional.indices.contains(index) else { return nil }
            return positional[index].messageFormatArgument
        }
    }

    /// Each argument is converted when the message reaches it: no dictionary is built.
    private func format(lookup: (String) -> MF2.Argument?) -> FormattedMessage {
        let string: String
        let errors: [MF2.Error]
        switch parsed {
        case .success(let message):
            let result = formatter.format(message, lookup: lookup)
            (string, errors) = (result.string, result.errors)
        case .failure(let error):
            (string, errors) = (source, [MF2.Error(.syntaxError, error.message, line: error.line, column: error.column)])
        }
        let text = pseudo.map { PseudoLocalization.transform(string, style: $0) } ?? string
        return FormattedMessage(string: text, diagnostics: errors.map(\.diagnostic))
    }
}

extension MessageArgument {
    /// The value as ICU MessageFormat's formatter takes it.
    var messageFormatArgument: MF2.Argument {
        switch self {
        case .string(let text): .string(text)
        case .int(let value): .int(value)
        case .uint(let value): Int64(exactly: value).map(MF2.Argument.int) ?? .decimal(Decimal(value))
        case .double(let value): .double(value)
        case .decimal(let value): .decimal(value)
        }
    }
}

extension MF2.Error {
    /// The error as a message's diagnostic: a warning, as every rendering problem is; a syntax
    /// error names its line and column inside the message.
    var diagnostic: Diagnostic {
        let place = line.map { line in " (at \(line):\(column ?? 1) of the message)" } ?? ""
        return Diagnostic(.warning, "\(kind.rawValue): \(message)\(place)")
    }
}
