import VestibuleLocalization
import VestibulePasskeys

/// The body of an options request. Every field is optional; browsers send `{}`.
struct OptionsRequest: Decodable {
    /// The app's `LABiometryType`, for button titles that name it (native apps only).
    let biometryType: BiometryType?
    /// The name a passkey-only account is created with (sign-up only).
    let displayName: String?
}

/// `LABiometryType` as an app reports it.
enum BiometryType: String, Decodable {
    case faceID, touchID, opticID

    func actionKey(for purpose: CeremonyKind) -> TextKey {
        switch (self, purpose) {
        case (.faceID, .authentication): .passkeyNativeSignInFaceID
        case (.touchID, .authentication): .passkeyNativeSignInTouchID
        case (.opticID, .authentication): .passkeyNativeSignInOpticID
        case (.faceID, .registration): .passkeyNativeSetUpFaceID
        case (.touchID, .registration): .passkeyNativeSetUpTouchID
        case (.opticID, .registration): .passkeyNativeSetUpOpticID
        }
    }
}

/// The body of a ceremony's answer: the credential as `PublicKeyCredential.toJSON()` gives it.
struct CeremonyRequest<Credential: Decodable>: Decodable {
    let credential: Credential
    /// A name for a new passkey (registration only); otherwise one is made from the browser's name.
    let name: String?
    /// `token` to receive the session in the reply instead of a cookie (native apps).
    let sessionDelivery: SessionDelivery?
}

enum SessionDelivery: String, Decodable {
    case cookie, token
}

enum CeremonyKind { case registration, authentication }

/// Options for `navigator.credentials.create/get` (`publicKey`), with button titles for native apps.
struct OptionsReply<Options: Encodable>: Encodable {
    let publicKey: Options
    let labels: NativeLabels?
}

/// Copy for a native app's button, naming the device's biometry exactly (AUTH-10, AUTH-11).
struct NativeLabels: Encodable {
    /// The button that starts the ceremony: "Sign in with Face ID".
    let action: String
}

/// A ceremony that succeeded: who, and where a browser goes next.
struct CeremonyReply: Encodable {
    let accountID: String
    let redirect: String
    /// The new session's token, when the caller asked for `sessionDelivery: "token"`.
    var sessionToken: String?
}

struct APIErrorReply: Encodable {
    let error: String
    let message: String
}
