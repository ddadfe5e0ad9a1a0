/// `LABiometryType` as a native app reports it, so that Vestibule's button titles name the device's method
/// exactly ("Sign in with Face ID"; Apple HIG, AUTH-10, AUTH-11). Web pages send none: they cannot know.
public enum BiometryType: String, Codable, Sendable, CaseIterable {
    case faceID, touchID, opticID
}
