import Foundation
import VestibuleCore
import VestibuleHTML
import VestibuleLocalization

/// The labelled control for one field of the data policy: marked required or optional, with the reason or
/// benefit the operator wrote beside it (SIWA-9, SIWA-10), AutoFill hints where the kind has them, and the
/// refusal of a value sent before.
enum FieldControl {
    /// The form name of the field's control: prefixed, so no field name can clash with the form's own fields.
    static func inputName(of field: DataField) -> String { "field." + field.name }

    static func html(_ field: DataField, value: String = "", error: String? = nil, in context: PageContext) -> HTML {
        let id = "datafield-\(field.name)"
        let language = context.language.tag
        // What describes the control, in reading order: why it is asked, the format it takes, what was wrong.
        var descriptions: [(id: String, html: HTML)] = [
            ("\(id)-why", "<p class=\"field-hint\" id=\"\(id)-why\">\(field.why.text(in: language))</p>"),
        ]
        let format: TextKey? = switch field.kind {
        case .country where field.countries == nil: .fieldCountryFormat
        case .phone: .fieldPhoneFormat
        case .date: .fieldDateFormat
        default: nil
        }
        if let format {
            descriptions.append(("\(id)-format", "<p class=\"field-hint\" id=\"\(id)-format\">\(context.text(format))</p>"))
        }
        if let error {
            descriptions.append(("\(id)-error", "<p class=\"form-error\" id=\"\(id)-error\">\(error)</p>"))
        }
        var attributes: [HTML] = [
            "id=\"\(id)\"", "name=\"\(inputName(of: field))\"",
            "aria-describedby=\"\(descriptions.map(\.id).joined(separator: " "))\"",
        ]
        if field.isRequired { attributes.append("required") }
        if error != nil { attributes.append("aria-invalid=\"true\"") }
        let mark = context.text(field.isRequired ? .fieldRequired : .fieldOptional)
        let label: HTML = "<label for=\"\(id)\">\(field.label.text(in: language)) <span class=\"badge\">\(mark)</span></label>"
        let hintHTML = HTML.join(descriptions.map(\.html))
        switch field.kind {
        case .consent:
            if value == DataField.acceptedValue { attributes.append("checked") }
            let terms: HTML = field.terms.map {
                "<p class=\"field-hint\"><a href=\"\($0)\" target=\"_blank\" rel=\"noopener\">\(context.text(.fieldReadTerms))</a></p>"
            } ?? HTML(text: "")
            return """
            <div class="field"><div class="field-check"><input type="checkbox" value="\(DataField.acceptedValue)"\
            \(joined(attributes))>\(label)</div>\(hintHTML)\(terms)</div>
            """
        case .country:
            guard let countries = field.countries else {
                attributes += [
                    "type=\"text\"", "autocomplete=\"country\"", "autocapitalize=\"characters\"", "spellcheck=\"false\"",
                    "minlength=\"2\"", "maxlength=\"2\"", "pattern=\"[A-Za-z]{2}\"",
                ]
                return input(label, hintHTML, attributes, value: value)
            }
            let locale = Locale(identifier: language)
            let names = countries.map { (code: $0, name: locale.localizedString(forRegionCode: $0) ?? $0) }
                .sorted { $0.name.compare($1.name, locale: locale) == .orderedAscending }
            let options = HTML.join(names.map { choice -> HTML in
                let selected: HTML = choice.code == value.uppercased() ? " selected" : ""
                return "<option value=\"\(choice.code)\"\(selected)>\(choice.name)</option>"
            })
            return """
            <div class="field">\(label)\(hintHTML)<select autocomplete="country"\(joined(attributes))>\
            <option value="">\(context.text(.fieldChoose))</option>\(options)</select></div>
            """
        case .date:
            // Text, not `type="date"`: a birth date is typed faster than picked, and the picker's fixed parts
            // would not wrap at large text sizes.
            attributes += [
                "type=\"text\"", "autocomplete=\"bday\"", "spellcheck=\"false\"", "maxlength=\"10\"",
                "pattern=\"[0-9]{4}-[0-9]{2}-[0-9]{2}\"",
            ]
        case .phone:
            attributes += ["type=\"tel\"", "autocomplete=\"tel\"", "inputmode=\"tel\"", "spellcheck=\"false\""]
        case .text:
            attributes += ["type=\"text\"", "maxlength=\"\(DataField.maximumTextLength)\""]
        }
        return input(label, hintHTML, attributes, value: value)
    }

    private static func input(_ label: HTML, _ hints: HTML, _ attributes: [HTML], value: String) -> HTML {
        let valueHTML: HTML = value.isEmpty ? "" : " value=\"\(value)\""
        return "<div class=\"field\">\(label)\(hints)<input\(joined(attributes))\(valueHTML)></div>"
    }

    private static func joined(_ attributes: [HTML]) -> HTML {
        HTML.join(attributes.map { attribute -> HTML in " \(attribute)" })
    }
}
