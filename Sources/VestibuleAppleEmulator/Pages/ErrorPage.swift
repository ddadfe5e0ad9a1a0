import VestibuleHTTP
import VestibuleHTML

/// Apple's answer to an authorization request it refuses: a page of its own showing the error, with no way
/// back to the relying party. The emulator adds a hint for the developer.
struct ErrorPage {
    let error: AuthorizationError

    var response: Response {
        let description: HTML = error.description.map { "<p>\($0)</p>" } ?? ""
        let hint: HTML = error.hint.map { "<p class=\"hint\">\($0)</p>" } ?? ""
        return EmulatorPage.response(
            title: error.error, main: "<h1>\(error.error)</h1>\(description)\(hint)", status: .badRequest
        )
    }
}
