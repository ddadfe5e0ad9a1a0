package import VestibuleHTML
/// One labelled input, with the attributes that make Password AutoFill, security-code AutoFill and the right
/// keyboard work (AUTH-2, AUTH-5). Every form builds its inputs here, so no form can forget them.
package struct FormField: Sendable {
    let name: String
    let label: String
    let type: String
    let autocomplete: String
    var inputMode: String?
    var value: String = ""
    var minimumLength: Int?
    var maximumLength: Int?
    var pattern: String?
    var passwordRules: String?
    var hint: String?
    var isRequired = true
    /// How iOS capitalizes what is typed: never for addresses, codes and passwords; each word for names.
    var autocapitalize = "off"

    /// An email address that is also the account name: `username` lets AutoFill pair it with the password.
    static func email(_ label: String, value: String = "", autocomplete: String = "username") -> FormField {
        FormField(name: "email", label: label, type: "email", autocomplete: autocomplete, inputMode: "email", value: value)
    }

    /// A search: what an operator types to find an account, kept as typed.
    package static func search(_ label: String, name: String = "q", value: String = "", hint: String) -> FormField {
        FormField(name: name, label: label, type: "search", autocomplete: "off", value: value, hint: hint)
    }

    /// A person's name as they want to be greeted: AutoFill offers the name on their contact card.
    static func personName(_ label: String, name: String = "displayName", value: String = "", hint: String? = nil)
        -> FormField
    {
        FormField(
            name: name, label: label, type: "text", autocomplete: "name", value: value, maximumLength: 64, hint: hint,
            autocapitalize: "words"
        )
    }

    static func currentPassword(_ label: String) -> FormField {
        FormField(name: "password", label: label, type: "password", autocomplete: "current-password")
    }

    /// A new password: AutoFill offers a strong one that satisfies `rules`, the policy actually enforced.
    static func newPassword(_ label: String, name: String = "password", rules: String, minimum: Int, maximum: Int, hint: String)
        -> FormField
    {
        FormField(
            name: name, label: label, type: "password", autocomplete: "new-password",
            minimumLength: minimum, maximumLength: maximum, passwordRules: rules, hint: hint
        )
    }

    /// A six-digit emailed code: numeric keyboard, and iOS/macOS offer the code from Mail.
    static func oneTimeCode(_ label: String) -> FormField {
        FormField(
            name: "code", label: label, type: "text", autocomplete: "one-time-code", inputMode: "numeric",
            minimumLength: 6, maximumLength: 6, pattern: "[0-9]{6}"
        )
    }

    package var html: HTML {
        let id = "field-\(name)"
        let hintID = "\(id)-hint"
        var attributes: [HTML] = [
            "id=\"\(id)\"", "name=\"\(name)\"", "type=\"\(type)\"", "autocomplete=\"\(autocomplete)\"",
            "autocapitalize=\"\(autocapitalize)\"", "spellcheck=\"false\"", "autocorrect=\"off\"",
        ]
        if let inputMode { attributes.append("inputmode=\"\(inputMode)\"") }
        if !value.isEmpty { attributes.append("value=\"\(value)\"") }
        if let minimumLength { attributes.append("minlength=\"\(minimumLength)\"") }
        if let maximumLength { attributes.append("maxlength=\"\(maximumLength)\"") }
        if let pattern { attributes.append("pattern=\"\(pattern)\"") }
        if let passwordRules { attributes.append("passwordrules=\"\(passwordRules)\"") }
        if isRequired { attributes.append("required") }
        let hintHTML: HTML
        if let hint {
            attributes.append("aria-describedby=\"\(hintID)\"")
            hintHTML = "<p class=\"field-hint\" id=\"\(hintID)\">\(hint)</p>"
        } else {
            hintHTML = HTML(text: "")
        }
        let joined = HTML.join(attributes.map { attribute -> HTML in " \(attribute)" })
        return """
        <div class="field"><label for="\(id)">\(label)</label>\(hintHTML)<input\(joined)></div>
        """
    }
}
