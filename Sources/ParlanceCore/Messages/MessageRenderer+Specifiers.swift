/// Placing arguments for `%d`, `%@`, `%*.*f` and the other conversions.
extension MessageRenderer {
    mutating func renderConversion(_ conversion: Conversion, next: inout Int) {
        if conversion.plain != nil, placePlain(conversion, next: &next) { return }
        let specifier = conversion.specifier
        var flags = conversion.flags
        var width = specifier.width
        var precision = specifier.precision
        // C reads `*` arguments before the value: `%*.*f` takes width, precision, then the number.
        if let source = specifier.widthArgument, let value = starValue(source, next: &next, for: specifier, what: "width") {
            // A negative width means left alignment, as in C.
            if value < 0 { flags.leftAlign = true }
            width = value.magnitude > Int.max ? Int.max : Int(value.magnitude)
        }
        if let source = specifier.precisionArgument,
            let value = starValue(source, next: &next, for: specifier, what: "precision")
        {
            // A negative precision counts as none, as in C.
            precision = value < 0 ? nil : value
        }
        let index: Int
        if let position = specifier.position {
            index = position
            next = position.after
        } else {
            index = next
            next = next.after
        }
        place(argumentAt: index, as: conversion, flags: flags, width: width, precision: precision)
    }

    /// Places a conversion with no flags, width or precision whose argument is of the kind it
    /// expects, writing what the general path would; `false`, having changed nothing, otherwise.
    private mutating func placePlain(_ conversion: Conversion, next: inout Int) -> Bool {
        let index = conversion.position ?? next
        guard index >= 1, index <= arguments.count, let plain = conversion.plain,
            plain.placesAsWritten(arguments[index - 1])
        else { return false }
        output += arguments[index - 1].description
        markUsed(index)
        next = index.after
        return true
    }

    /// Writes argument `index` converted by `specifier`, or ``MessageFormatter/marker`` when it cannot be.
    mutating func place(argumentAt index: Int, as conversion: Conversion, flags: PrintfFlags, width: Int?, precision: Int?) {
        let specifier = conversion.specifier
        let kind = conversion.kind
        let width = capped(width, what: "width", in: specifier)
        let precision = capped(precision, what: "precision", in: specifier)
        if kind == .unsupported {
            markUsed(index)
            output += MessageFormatter.marker
            warn(specifier.conversion == "p"
                ? "\"\(specifier.text)\" would show a memory address and is not supported."
                : "\"\(specifier.text)\" would write to memory and is not supported.")
            return
        }
        guard let argument = argument(index) else {
            reportMissing(index, for: specifier.text)
            output += MessageFormatter.marker
            return
        }
        guard let text = converted(argument, index: index, as: specifier, kind: kind, flags: flags, width: width, precision: precision)
        else {
            output += MessageFormatter.marker
            return
        }
        output += text
    }

    private mutating func converted(
        _ argument: MessageArgument, index: Int, as specifier: FormatSpecifier, kind: ConversionKind,
        flags: PrintfFlags, width: Int?, precision: Int?
    ) -> String? {
        switch kind {
        case .text:
            var text = argument.description
            if let precision, text.count > precision { text = String(text.prefix(precision)) }
            return PrintfPadding.padded(text, width: width, leftAlign: flags.leftAlign)
        case .signed, .unsigned:
            guard let (negative, magnitude) = wholeNumber(argument, index: index, for: specifier, signed: kind == .signed)
            else { return nil }
            return PrintfIntegers.format(
                negative: negative, magnitude: magnitude, conversion: specifier.conversion,
                flags: flags, width: width, precision: precision)
        case .floatingPoint:
            guard let value = argument.doubleValue else {
                warn("\"\(specifier.text)\" expects a number, but argument \(index) is \(argument.diagnosticDescription).")
                return nil
            }
            let text = PrintfFloatingPoint.format(
                value, conversion: specifier.conversion, flags: flags, width: width, precision: precision)
            guard formatter.decimalSeparator != ".", specifier.conversion != "a", specifier.conversion != "A",
                  let point = text.firstIndex(of: ".") else { return text }
            return String(text[..<point]) + formatter.decimalSeparator + String(text[text.index(after: point)...])
        case .character:
            guard let character = character(from: argument) else {
                warn("\"\(specifier.text)\" expects a character or its code, but argument \(index) is \(argument.diagnosticDescription).")
                return nil
            }
            return PrintfPadding.padded(String(character), width: width, leftAlign: flags.leftAlign)
        case .unsupported:
            return nil
        }
    }

    /// The argument as sign and magnitude for an integer conversion, with diagnostics for what is lost.
    private mutating func wholeNumber(
        _ argument: MessageArgument, index: Int, for specifier: FormatSpecifier, signed: Bool
    ) -> (Bool, UInt64)? {
        switch argument.wholeNumber {
        case .value(let negative, let magnitude, let truncated):
            if truncated {
                warn("\"\(specifier.text)\" drops the fraction of argument \(index) (\(argument.description)).")
            }
            if negative, !signed {
                warn("\"\(specifier.text)\" shows the negative argument \(index) (\(argument.description)) as an unsigned number.")
            }
            return (negative, magnitude)
        case .notANumber:
            warn("\"\(specifier.text)\" expects a number, but argument \(index) is \(argument.diagnosticDescription).")
        case .outOfRange:
            warn("\"\(specifier.text)\" cannot show argument \(index) (\(argument.description)) as a 64-bit whole number.")
        }
        return nil
    }

    /// `%c` accepts a one-character string or a Unicode code point.
    private func character(from argument: MessageArgument) -> Character? {
        if case .string(let text) = argument, text.count == 1 { return text.first }
        guard case .value(false, let magnitude, false) = argument.wholeNumber, magnitude <= UInt64(UInt32.max),
            let scalar = Unicode.Scalar(UInt32(magnitude))
        else { return nil }
        return Character(scalar)
    }

    /// A `*` width or precision: the argument's whole value, or `nil` (reported) when there is none.
    private mutating func starValue(
        _ source: FormatSpecifier.ArgumentSource, next: inout Int, for specifier: FormatSpecifier, what: String
    ) -> Int? {
        let index: Int
        switch source {
        case .next:
            index = next
            next = next.after
        case .position(let position):
            index = position
        }
        guard let argument = argument(index) else {
            reportMissing(index, for: specifier.text)
            return nil
        }
        guard case .value(let negative, let magnitude, false) = argument.wholeNumber else {
            warn("The \(what) of \"\(specifier.text)\" must be a whole number, but argument \(index) is \(argument.diagnosticDescription).")
            return nil
        }
        let value = magnitude > UInt64(Int.max) ? Int.max : Int(magnitude)
        return negative ? -value : value
    }

    private mutating func capped(_ value: Int?, what: String, in specifier: FormatSpecifier) -> Int? {
        guard let value, value > MessageFormatter.maximumWidth else { return value }
        warn("The \(what) \(value) of \"\(specifier.text)\" is more than \(MessageFormatter.maximumWidth); \(MessageFormatter.maximumWidth) is used.")
        return MessageFormatter.maximumWidth
    }
}
