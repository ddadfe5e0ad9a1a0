/// Why a browser's way back from Vestibule's sign-in gave no tokens.
public struct OpenIDSignInError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        /// No sign-in of this browser was under way, or the `state` that came back is not its: a forged or stale
        /// link. Nothing was sent to Vestibule.
        case notStartedHere
        /// Vestibule answered the request with an error (`access_denied` when the person said no).
        case refusedByVestibule(String)
        /// The code was refused at the token endpoint: used, expired, or not this sign-in's.
        case codeRefused
        /// The ID token is not one Vestibule made for this app and this sign-in.
        case invalidIDToken(String)
        /// Vestibule could not be asked (down, or a reply the client does not understand).
        case unreachable(VestibuleClientError)
    }

    public let code: Code

    init(_ code: Code) {
        self.code = code
    }

    public var description: String {
        switch code {
        case .notStartedHere: "no sign-in of this browser waits for this answer"
        case .refusedByVestibule(let error): "Vestibule answered \(error)"
        case .codeRefused: "the token endpoint refused the code"
        case .invalidIDToken(let reason): "the ID token does not verify: \(reason)"
        case .unreachable(let failure): failure.description
        }
    }
}
