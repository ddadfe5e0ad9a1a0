import VestibuleCore
import VestibuleHTTP
import VestibuleLocalization

/// The data policy's fields on the pages (SIWA-9, SIWA-10, SIWA-13): given from the account page's two sections
/// (required fields still missing; optional ones, each with its benefit), taken back from "Your data".
extension Pages {
    func installFieldRoutes(on router: inout Router) {
        router.post("/account/fields") { request in try saveFields(request) }
        router.post("/account/fields/:name/delete") { request in try removeField(request) }
    }

    /// What a form of field controls gave: the refusals by field name (nothing was stored when there is one) and
    /// what was typed, to show again.
    struct FieldSubmission {
        var inputs: [String: String] = [:]
        var errors: [String: String] = [:]
    }

    /// Checks every field of `asked`, then stores them all, or none when one is refused. An optional field left
    /// empty is skipped; a required one left empty is refused. A field the form lacks is empty: an unticked
    /// checkbox sends nothing.
    func giveFields(_ asked: [DataField], from form: FormFields, to accountID: AccountID, in language: Language)
        throws -> FieldSubmission
    {
        var submission = FieldSubmission()
        for field in asked {
            let input = form[FieldControl.inputName(of: field)] ?? ""
            submission.inputs[field.name] = input
            guard field.isRequired || !input.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            do {
                _ = try site.fields.checked(input, for: field.name)
            } catch {
                submission.errors[field.name] = error.message(in: site.localization.catalog(for: language))
            }
        }
        guard submission.errors.isEmpty else { return submission }
        for (name, input) in submission.inputs where !input.trimmingCharacters(in: .whitespaces).isEmpty {
            try site.fields.give(input, for: name, of: accountID)
        }
        return submission
    }

    /// A form from the account page: the missing required fields, or the optional ones not given yet, as its
    /// `section` says.
    private func saveFields(_ request: Request) throws -> Response {
        let (visitor, form) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        let given = try site.fields.given(of: account.id)
        let asked = switch form[AccountPage.sectionField] {
        case AccountPage.Section.missing.rawValue?: site.fields.policy.missing(from: given)
        case AccountPage.Section.offered.rawValue?: site.fields.policy.notGiven(from: given)
        default: throw HTTPError(.badRequest, "The form names no section of site.fields.")
        }
        let submission = try giveFields(asked, from: form, to: account.id, in: visitor.language)
        guard submission.errors.isEmpty else {
            return try accountPage(
                request, visitor: visitor, status: .badRequest, fieldInputs: submission.inputs, fieldErrors: submission.errors
            )
        }
        return .redirect(to: "/account?notice=field-saved")
    }

    private func removeField(_ request: Request) throws -> Response {
        let (visitor, _) = try site.checkedForm(request)
        guard let account = visitor.account else { return .redirect(to: "/sign-in") }
        do {
            guard try site.fields.withdraw(request.pathParameters["name"] ?? "", of: account.id) else {
                throw HTTPError(.notFound, "This account holds no such field.")
            }
        } catch let error as FieldError {
            throw HTTPError(.conflict, error.message)
        }
        return .redirect(to: "/account/data")
    }
}
