import VestibuleAPI
import VestibuleLocalization

/// Which ceremony a native app's button starts.
enum CeremonyKind { case registration, authentication }

extension BiometryType {
    /// The catalog entry for the button that names the device's biometry.
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
