public import Foundation

extension DataField {
    /// The longest value of a ``Kind/text`` field, in characters.
    public static let maximumTextLength = 200
    /// What a person sends to accept the terms of a ``Kind/consent`` field (the checkbox's value).
    public static let acceptedValue = "accepted"

    /// The value to store for what a person typed or chose, in its normal form: a region code in capitals, a
    /// phone number as `+` and digits, the terms' address for an accepted consent.
    ///
    /// - Parameter today: the date a birth date may not be after (compared in UTC).
    /// - Throws: ``FieldError`` saying what is wrong with `input`.
    public func value(from input: String, today: Date) throws(FieldError) -> String {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        // An unticked consent sends nothing: what is missing is the acceptance.
        guard !trimmed.isEmpty else { throw FieldError(kind == .consent ? .notAccepted : .missing, field: name) }
        switch kind {
        case .consent:
            guard trimmed == Self.acceptedValue, let terms else { throw FieldError(.notAccepted, field: name) }
            return terms
        case .country:
            let code = trimmed.uppercased()
            guard countries?.contains(code) ?? Self.regionCodes.contains(code) else {
                throw FieldError(.invalidCountry, field: name)
            }
            return code
        case .date:
            guard let date = Self.calendarDate(trimmed), date >= "1900-01-01", date <= Self.calendarDate(of: today) else {
                throw FieldError(.invalidDate, field: name)
            }
            return date
        case .phone:
            guard let phone = Self.phoneNumber(trimmed) else { throw FieldError(.invalidPhone, field: name) }
            return phone
        case .text:
            guard trimmed.count <= Self.maximumTextLength,
                  !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
            else { throw FieldError(.invalidText, field: name) }
            return trimmed
        }
    }

    /// Every two-letter code of a country or territory people live in, as Unicode CLDR lists them (ISO 3166-1
    /// alpha-2 and a few CLDR adds, such as XK): the regions of the world without its groupings (EU, UN).
    public static let regionCodes: Set<String> = {
        func places(in region: Locale.Region) -> [String] {
            let parts = region.subRegions
            return parts.isEmpty ? [region.identifier] : parts.flatMap(places)
        }
        return Set(places(in: .world).filter { $0.count == 2 })
    }()

    /// `input` when it is a real calendar date written `YYYY-MM-DD` (what `<input type="date">` sends).
    private static func calendarDate(_ input: String) -> String? {
        let parts = input.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = utcCalendar.date(from: components),
              utcCalendar.dateComponents([.year, .month, .day], from: date) == components
        else { return nil }
        return input
    }

    private static func calendarDate(of date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    /// E.164 as people write it: `+` (or `00`) and the country code, then 7 to 15 digits in all, with spaces,
    /// dots, dashes or parentheses between them. Returns `+` and the digits.
    private static func phoneNumber(_ input: String) -> String? {
        var rest = Substring(input)
        if rest.hasPrefix("+") {
            rest = rest.dropFirst()
        } else if rest.hasPrefix("00") {
            rest = rest.dropFirst(2)
        } else {
            return nil
        }
        let separators: Set<Character> = [" ", ".", "-", "(", ")"]
        guard rest.allSatisfy({ ($0.isASCII && $0.isNumber) || separators.contains($0) }) else { return nil }
        let digits = rest.filter { $0.isASCII && $0.isNumber }
        guard (7...15).contains(digits.count), digits.first != "0" else { return nil }
        return "+" + digits
    }
}
