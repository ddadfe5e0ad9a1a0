package import VestibuleCore
package import VestibuleLocalization

extension FieldError {
    /// What to tell the person about a refused value, in their language.
    package func message(in strings: StringCatalog) -> String {
        switch code {
        case .unknownField: strings.text(.fieldUnknown)
        case .requiredField: strings.text(.fieldRequiredKept)
        case .missing: strings.text(.fieldMissing)
        case .notAccepted: strings.text(.fieldNotAccepted)
        case .invalidCountry: strings.text(.fieldInvalidCountry)
        case .invalidDate: strings.text(.fieldInvalidDate)
        case .invalidPhone: strings.text(.fieldInvalidPhone)
        default: strings.text(.fieldInvalidText, ["maximum": String(DataField.maximumTextLength)])
        }
    }
}
