import Foundation
import VestibuleCore
@testable import VestibuleApp
@testable import VestibuleApple

extension TestApplication {
    /// Parks a Sign in with Apple for `email` as the web flow does when a password account has that address
    /// (SIWA-5), and returns the cookie that names it: what `/sign-in?notice=apple-link` is shown with.
    func waitingAppleLink(email: String) throws -> (name: String, value: String) {
        let secretBox = try SecretKeyFile.secretBox(try SecretKeyFile.load(dataDirectory: dataDirectory, environment: [:]))
        let json = #"{"subject":"001234.waiting","clientID":"dev.vestibule.web","email":"\#(email)","emailVerified":true,"isPrivateEmail":false}"#
        let authorization = try JSONDecoder().decode(AppleAuthorization.self, from: Data(json.utf8))
        let handle = try withStore { store in
            try PendingSteps(store: store, secretBox: secretBox, clock: Date.init)
                .save(authorization, kind: AppleSignIn.linkKind, lifetime: 900)
        }
        return ("vestibule_apple_link", handle)
    }
}
