import Foundation

extension MF2 {
    /// A moment resolved by `:datetime`, `:date` or `:time`, or a date argument placed
    /// without a function.
    public struct DateTimeValue: MF2Value {
        /// The moment to format.
        public var date: Date
        /// Which parts of the date to show (`year-month-day`, `weekday`, …); `nil` shows none.
        public var dateFields: String?
        /// `long`, `medium` or `short`.
        public var dateLength: String
        /// `hour`, `minute` or `second`; `nil` shows no time.
        public var timePrecision: String?
        /// The time zone the date is shown in.
        public var timeZone: TimeZone
        /// The locale the date is formatted in (a BCP 47 tag).
        public var localeTag: String

        /// The locale the date is formatted in, `localeTag`.
        public var locale: String? { localeTag }
        /// The date, as a `.date` argument.
        public var argument: MF2.Argument? { .date(date) }
        /// The direction of text in the value's locale.
        public var direction: MF2.Direction { MF2.direction(ofLocale: localeTag) }

        /// Formats the date's chosen fields and time in the locale and time zone, as a `datetime`.
        public func format() throws(MF2.Error) -> MF2.FormattedValue {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: localeTag)
            formatter.timeZone = timeZone
            var template = ""
            if let dateFields {
                let month = dateLength == "long" ? "MMMM" : dateLength == "short" ? "M" : "MMM"
                let year = dateLength == "short" ? "yy" : "y"
                let fields: String = switch dateFields {
                case "weekday": "EEEE"
                case "day-weekday": "dEEEE"
                case "month-day": month + "d"
                case "month-day-weekday": month + "dEEEE"
                case "year-month-day-weekday": year + month + "dEEEE"
                default: year + month + "d"
                }
                template += fields
            }
            switch timePrecision {
            case "hour"?: template += "j"
            case "minute"?: template += "jmm"
            case "second"?: template += "jmmss"
            default: break
            }
            formatter.setLocalizedDateFormatFromTemplate(template)
            return MF2.FormattedValue(type: "datetime", text: formatter.string(from: date))
        }
    }
}

/// `:datetime`, `:date` and `:time`.
struct DateTimeFunction: MF2Function {
    enum Kind { case datetime, date, time }
    let kind: Kind

    var name: String {
        switch kind {
        case .datetime: "datetime"
        case .date: "date"
        case .time: "time"
        }
    }

    static let fields: Set<String> = ["weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day", "year-month-day-weekday"]
    static let lengths: Set<String> = ["long", "medium", "short"]
    static let precisions: Set<String> = ["hour", "minute", "second"]

    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
        guard let operand else { throw MF2.Error(.badOperand, ":\(name) needs a date operand") }
        var value: MF2.DateTimeValue
        if let base = operand as? MF2.DateTimeValue {
            value = base
        } else {
            let date: Date
            switch operand.argument {
            case .date(let given)?: date = given
            case .string(let text)?:
                guard let parsed = Self.parse(text) else {
                    throw MF2.Error(.badOperand, ":\(name) needs a date such as 2006-01-02 or 2006-01-02T15:04:06, not \(text)")
                }
                date = parsed
            default:
                throw MF2.Error(.badOperand, ":\(name) needs a date, or text that is an ISO 8601 date")
            }
            value = MF2.DateTimeValue(
                date: date, dateFields: "year-month-day", dateLength: "medium", timePrecision: "minute",
                timeZone: TimeZone(identifier: "UTC") ?? .gmt, localeTag: context.locale)
        }
        func option(_ name: String, in allowed: Set<String>) -> String? {
            guard let text = options.text(name) else { return nil }
            guard allowed.contains(text) else {
                context.report(MF2.Error(.badOption, "\(name) takes one of \(allowed.sorted().joined(separator: ", ")), not \(text)"))
                return nil
            }
            return text
        }
        switch kind {
        case .datetime:
            value.dateFields = option("dateFields", in: Self.fields) ?? value.dateFields ?? "year-month-day"
            value.dateLength = option("dateLength", in: Self.lengths) ?? value.dateLength
            value.timePrecision = option("timePrecision", in: Self.precisions) ?? value.timePrecision ?? "minute"
        case .date:
            value.dateFields = option("fields", in: Self.fields) ?? value.dateFields ?? "year-month-day"
            value.dateLength = option("length", in: Self.lengths) ?? value.dateLength
            value.timePrecision = nil
        case .time:
            value.dateFields = nil
            value.timePrecision = option("precision", in: Self.precisions) ?? value.timePrecision ?? "minute"
        }
        if let zone = options.text("timeZone") {
            if zone == "UTC" {
                value.timeZone = TimeZone(identifier: "UTC") ?? .gmt
            } else if zone != "input", let given = TimeZone(identifier: zone) {
                value.timeZone = given
            } else if zone != "input" {
                context.report(MF2.Error(.badOption, "timeZone takes input, UTC or a time zone identifier, not \(zone)"))
            }
        }
        value.localeTag = context.locale
        return value
    }

    /// `yyyy-mm-dd`, optionally `Thh:mm[:ss[.fff]]` and `Z` or `±hh:mm`; a time without an
    /// offset is read in UTC.
    static func parse(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 10, scalars.count <= 40 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for index in range {
                let byte = scalars[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), scalars[4] == UInt8(ascii: "-"), let month = number(5..<7), scalars[7] == UInt8(ascii: "-"),
              let day = number(8..<10), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        var offsetSeconds = 0
        var index = 10
        if index < scalars.count {
            guard scalars[index] == UInt8(ascii: "T"), let hour = number(11..<13), scalars.count > 13, scalars[13] == UInt8(ascii: ":"),
                  let minute = number(14..<16), hour < 24, minute < 60 else { return nil }
            components.hour = hour
            components.minute = minute
            index = 16
            if index < scalars.count, scalars[index] == UInt8(ascii: ":") {
                guard let second = number(17..<19), second < 61 else { return nil }
                components.second = second
                index = 19
                if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
                    index += 1
                    while index < scalars.count, (0x30...0x39).contains(scalars[index]) { index += 1 }
                }
            }
            if index < scalars.count {
                if scalars[index] == UInt8(ascii: "Z") {
                    index += 1
                } else if scalars[index] == UInt8(ascii: "+") || scalars[index] == UInt8(ascii: "-") {
                    guard let hours = number(index + 1..<index + 3), index + 3 < scalars.count, scalars[index + 3] == UInt8(ascii: ":"),
                          let minutes = number(index + 4..<index + 6) else { return nil }
                    offsetSeconds = (hours * 3600 + minutes * 60) * (scalars[index] == UInt8(ascii: "-") ? -1 : 1)
                    index += 6
                }
            }
            guard index == scalars.count else { return nil }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds) ?? .gmt
        return calendar.date(from: components)
    }
}
