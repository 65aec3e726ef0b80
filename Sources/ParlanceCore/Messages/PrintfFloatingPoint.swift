#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `%f %F %e %E %g %G` by the C library, `%a %A` in Swift.
///
/// Correctly rounded decimal expansions need arbitrary-precision arithmetic, which C's
/// `printf` already does exactly (round-half-even on the exact binary value) on glibc and
/// Darwin alike. So C formats one `Double` at a time, under a template built here from
/// validated pieces only (flags from `-+ #0`, a width and precision capped by the caller, one
/// conversion character) and in the POSIX locale, so an app that called `setlocale` still
/// gets `1.5`, never `1,5`. No text from a message template ever reaches C.
enum PrintfFloatingPoint {
    /// Enough for `%.1000f` of the largest `Double` (309 digits, a point, 1,000 decimals).
    static let bufferSize = 2_048

    static func format(_ value: Double, conversion: Character, flags: PrintfFlags, width: Int?, precision: Int?) -> String {
        switch conversion {
        case "a", "A":
            return PrintfHexFloat.format(value, uppercase: conversion == "A", flags: flags, width: width, precision: precision)
        case "f", "F", "e", "E", "g", "G":
            return cFormatted(value, conversion: conversion, flags: flags, width: width, precision: precision)
        default:
            return String(value)
        }
    }

    private static func cFormatted(
        _ value: Double, conversion: Character, flags: PrintfFlags, width: Int?, precision: Int?
    ) -> String {
        var template = "%"
        if flags.leftAlign { template += "-" }
        if flags.plus { template += "+" }
        if flags.space { template += " " }
        if flags.alternate { template += "#" }
        if flags.zero { template += "0" }
        if let width { template += String(min(max(width, 0), 1_000)) }
        if let precision { template += "." + String(min(max(precision, 0), 1_000)) }
        template.append(conversion)
        // glibc writes the sign of a NaN ("-nan"), Darwin does not; every NaN prints as "nan".
        let number = value.isNaN ? Double.nan : value
        let previousLocale = uselocale(posixLocale)
        defer { uselocale(previousLocale) }
        return withVaList([number]) { arguments in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: bufferSize) { buffer -> String in
                guard let base = buffer.baseAddress else { return "" }
                let written = vsnprintf(base, bufferSize, template, arguments)
                guard written >= 0 else { return "" }
                let bytes = UnsafeRawBufferPointer(start: base, count: min(Int(written), bufferSize - 1))
                return String(decoding: bytes, as: UTF8.self)
            }
        }
    }
}

/// The POSIX locale, made once, so C's number formatting ignores `setlocale`.
nonisolated(unsafe) private let posixLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
