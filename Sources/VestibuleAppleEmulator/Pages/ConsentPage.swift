import VestibuleHTTP
import VestibuleHTML

/// The page Apple shows at `/auth/authorize`: which Apple ID signs in, the name to share, Share My Email or
/// Hide My Email, then Continue or Cancel. It posts back to `/auth/authorize` with the request's parameters
/// as hidden fields.
///
/// The name and email choices apply to a first authorization only; later ones reuse what was chosen then,
/// as Apple does, until the authorization is revoked.
struct ConsentPage {
    /// What the fields hold when the page first appears in a browser that has not continued before.
    static let sampleAppleID = "appleseed@example.com"
    static let sampleName = PersonName(firstName: "John", lastName: "Appleseed")

    let request: AuthorizationRequest
    var appleID = Self.sampleAppleID
    var name = Self.sampleName
    var hideEmail = false
    /// Why the last submission was not accepted.
    var problem: String?

    /// Continue comes first: pressing Return in a field submits with the form's first button.
    var response: Response {
        let alert: HTML = problem.map { "<p class=\"problem\" role=\"alert\">\($0)</p>" } ?? ""
        let nameFields: HTML = request.wantsName
            ? """
            <label>First Name <input type="text" name="first_name" value="\(name.firstName)"></label>
            <label>Last Name <input type="text" name="last_name" value="\(name.lastName)"></label>
            """
            : ""
        let share: HTML = hideEmail ? "" : " checked"
        let hide: HTML = hideEmail ? " checked" : ""
        let emailChoice: HTML = request.wantsEmail
            ? """
            <fieldset><legend>Email</legend>
            <label><input type="radio" name="email_choice" value="share"\(share)> Share My Email</label>
            <label><input type="radio" name="email_choice" value="hide"\(hide)> Hide My Email</label>
            <p class="hint">Hide My Email forwards from a relay address unique to this developer.</p>
            </fieldset>
            """
            : ""
        let main: HTML = """
            <h1>Sign in with Apple ID</h1>
            <p>Use your Apple ID to sign in to <strong>\(request.clientID)</strong>.</p>
            \(alert)
            <form method="post" action="/auth/authorize">
            \(EmulatorPage.hiddenInputs(request.parameters))
            <label>Apple ID <input type="email" name="apple_id" value="\(appleID)" autocomplete="username"></label>
            \(nameFields)
            \(emailChoice)
            <div class="actions">
            <button type="submit" name="action" value="continue" class="primary">Continue</button>
            <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
            </div>
            </form>
            """
        return EmulatorPage.response(title: "Sign in with Apple ID", main: main, status: problem == nil ? .ok : .badRequest)
    }
}
