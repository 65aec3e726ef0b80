extension LanguageSnapshot {
    /// The string for `key`, following the fallback chain: this language, its CLDR
    /// parents, the catalogs' source language, then `defaultValue`, then the key itself.
    ///
    /// Without arguments nothing is formatted: a message with variations or substitutions
    /// returns its template as `NSLocalizedString` would (the configured device's variant,
    /// a plural's `other` form). Pass arguments to render it.
    ///
    /// Disfavored, so a string literal is read as a ``LocalizedKey`` (the same lookup when it
    /// has no interpolation); a `String` value comes here.
    @_disfavoredOverload @inline(__always)
    public func string(_ key: String, table: String = defaultTable, default defaultValue: String? = nil) -> String {
        storage.string(key, table: table, default: defaultValue)
    }

    /// The message for `key` rendered with `arguments` as code holds them (`Int`,
    /// `Double`, `String`, `Decimal`, `Date` or ``MessageArgument`` values).
    @_disfavoredOverload
    public func string<each Argument: MessageArgumentConvertible>(
        _ key: String, _ arguments: repeat each Argument, table: String = defaultTable, default defaultValue: String? = nil
    ) -> String {
        string(key, arguments: MessageArgument.array(repeat each arguments), table: table, default: defaultValue)
    }

    /// The message for `key` rendered with `arguments`: printf-style specifiers, plural
    /// and device variations, and `%#@name@` substitutions, in this snapshot's language
    /// (plural rules follow the language whose catalog held the message).
    @_disfavoredOverload
    public func string(
        _ key: String, _ arguments: MessageArgument..., table: String = defaultTable, default defaultValue: String? = nil
    ) -> String {
        string(key, arguments: arguments, table: table, default: defaultValue)
    }

    /// The message for `key` rendered with an array of arguments.
    public func string(
        _ key: String, arguments: [MessageArgument], table: String = defaultTable, default defaultValue: String? = nil
    ) -> String {
        message(key, arguments: arguments, table: table, default: defaultValue).string
    }

    /// The message written as code writes it, `"You have \(count) new messages"`: the key
    /// Xcode extracts for it (`You have %lld new messages`) rendered with the interpolated
    /// values in this snapshot's language (see ``LocalizedKey``). A literal without
    /// interpolations is looked up as it is written, unformatted.
    public func string(_ key: LocalizedKey, table: String = defaultTable, default defaultValue: String? = nil) -> String {
        guard !key.arguments.isEmpty else { return storage.string(key.key, table: table, default: defaultValue) }
        // `string("\(key)")` with a `String`: the lookup of that key, as before interpolated keys.
        if key.arguments.count == 1, key.key == "%@", case .string(let text) = key.arguments[0] {
            return storage.string(text, table: table, default: defaultValue)
        }
        let value = storage.value(key.key, table: table)
        // A key built at runtime (`"item.\(id)"`) that no catalog holds under Xcode's key: the
        // text the literal makes, when a catalog holds it or the literal has no words (a missing
        // built key then shows and reports itself, and `default:` as written, as before).
        if value == nil, let text = key.interpolatedText,
           storage.value(text, table: table) != nil || !key.key.contains(" ") {
            return storage.string(text, table: table, default: defaultValue)
        }
        // Numbers in the language shown, as Apple's String(localized:) writes them: a decimal
        // comma in French. Only a message with a floating-point value asks for the separator.
        if key.arguments.contains(where: { if case .double = $0 { true } else { false } }) {
            let separator = storage.decimalSeparator
            if separator != "." {
                return render(value, key: key.key, table: table, arguments: key.arguments, default: defaultValue, decimalSeparator: separator).string
            }
        }
        return render(value, key: key.key, table: table, arguments: key.arguments, default: defaultValue).string
    }

    /// The message for `key` with `{name}` placeholders filled from `values`
    /// (the component-library style of seed 002: `"{count} selections"`).
    ///
    /// A message with plural variations chooses its form by a named value: the first
    /// placeholder of its forms that holds a number, else `count`; a `%#@name@` substitution by
    /// `values[name]` (see ``MessageFormatter/format(_:named:)``).
    public func string(
        _ key: String, values: [String: MessageArgument], table: String = defaultTable, default defaultValue: String? = nil
    ) -> String {
        message(key, values: values, table: table, default: defaultValue).string
    }

    /// The message for `key` with `{name}` placeholders filled, with what went wrong.
    public func message(
        _ key: String, values: [String: MessageArgument], table: String = defaultTable, default defaultValue: String? = nil
    ) -> FormattedMessage {
        renderNamed(storage.value(key, table: table), key: key, table: table, values: values, default: defaultValue)
    }

    /// Renders what `key` resolved to with `{name}` values, reporting it when it was missing:
    /// variations choose their form by a named value (``MessageFormatter/format(_:named:)``).
    func renderNamed(
        _ value: ResolvedValue?, key: String, table: String, values: [String: MessageArgument], default defaultValue: String?
    ) -> FormattedMessage {
        switch value {
        case .plain(let template)?:
            return MessageFormatter.format(named: template, values)
        case .rich(let message)?:
            if message.isFallback { reportMissing(key, table: table, resolvedFrom: message.language) }
            if let icu = message.icu { return icu.format(values: values) }
            if let plain = message.plainValue { return MessageFormatter.format(named: plain, values) }
            return formatter(for: message.language).format(message.localization, named: values)
        case nil:
            reportMissing(key, table: table, resolvedFrom: nil)
            return MessageFormatter.format(named: defaultValue ?? key, values)
        }
    }

    /// Whether `key` has a value in this snapshot's language or a language it falls back to.
    public func contains(_ key: String, table: String = defaultTable) -> Bool {
        storage.value(key, table: table) != nil
    }

    /// The keys of `table`, sorted.
    public func keys(in table: String = defaultTable) -> [String] {
        storage.keys(in: table).sorted()
    }

    func reportMissing(_ key: String, table: String, resolvedFrom: Language?) {
        storage.reportMissing(key, table: table, resolvedFrom: resolvedFrom)
    }


    func formatter(for language: Language) -> MessageFormatter {
        storage.messageFormatter(for: language)
    }
}

extension LanguageSnapshot {
    /// The message for `key` rendered with `arguments`, with what went wrong while
    /// rendering (a missing argument, a malformed specifier).
    public func message(
        _ key: String, arguments: [MessageArgument], table: String = defaultTable, default defaultValue: String? = nil
    ) -> FormattedMessage {
        render(storage.value(key, table: table), key: key, table: table, arguments: arguments, default: defaultValue)
    }

    /// Renders what `key` resolved to with `arguments`, reporting it when it was missing.
    /// Renders `value` with `decimalSeparator` between the digits of `%f`, `%e` and `%g` (no
    /// plan: plans render with the formatter they were made with).
    func render(
        _ value: ResolvedValue?, key: String, table: String, arguments: [MessageArgument], default defaultValue: String?,
        decimalSeparator: String
    ) -> FormattedMessage {
        func formatter(for language: Language) -> MessageFormatter {
            var formatter = self.formatter(for: language)
            formatter.decimalSeparator = decimalSeparator
            return formatter
        }
        switch value {
        case .plain(let template)?:
            return formatter(for: language).format(template, arguments)
        case .rich(let message)?:
            if message.isFallback { reportMissing(key, table: table, resolvedFrom: message.language) }
            if let icu = message.icu { return icu.format(positional: arguments) }
            return formatter(for: message.language).format(message.localization, arguments)
        case nil:
            reportMissing(key, table: table, resolvedFrom: nil)
            return formatter(for: language).format(defaultValue ?? key, arguments)
        }
    }

    func render(
        _ value: ResolvedValue?, key: String, table: String, arguments: [MessageArgument], default defaultValue: String?
    ) -> FormattedMessage {
        switch value {
        case .plain(let template)?:
            return formatter(for: language).format(template, arguments)
        case .rich(let message)?:
            if message.isFallback { reportMissing(key, table: table, resolvedFrom: message.language) }
            if let icu = message.icu { return icu.format(positional: arguments) }
            if let planned = message.plan(formatter: formatter(for: message.language))?.format(arguments) { return planned }
            return formatter(for: message.language).format(message.localization, arguments)
        case nil:
            reportMissing(key, table: table, resolvedFrom: nil)
            return formatter(for: language).format(defaultValue ?? key, arguments)
        }
    }
}
