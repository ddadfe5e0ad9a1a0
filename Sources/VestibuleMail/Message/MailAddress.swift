/// A bare email address (`addr-spec`), checked strictly enough that it can go into a header field and an SMTP
/// command without quoting: printable ASCII, one `@`, no spaces, brackets, commas or line breaks.
struct MailAddress: Sendable, Equatable {
    let value: String

    init(validating text: String, role: String) throws(MailError) {
        let scalars = text.unicodeScalars
        let forbidden: Set<Unicode.Scalar> = [" ", "<", ">", ",", ";", ":", "\"", "(", ")", "[", "]", "\\"]
        guard !scalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E || forbidden.contains($0) }) else {
            throw MailError(
                .invalidMessage,
                "the \(role) address contains a space, a line break, a non-ASCII or another character not allowed"
            )
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, text.utf8.count <= 254 else {
            throw MailError(.invalidMessage, "the \(role) address is not of the form name@domain")
        }
        value = text
    }

    var domain: String { String(value[value.index(after: value.firstIndex(of: "@")!)...]) }
}
