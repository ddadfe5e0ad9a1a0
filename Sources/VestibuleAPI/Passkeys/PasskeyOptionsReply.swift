/// The reply of a passkey options call: the options for `navigator.credentials.create/get` (or the
/// `ASAuthorizationPlatformPublicKeyCredentialProvider` requests), with button titles for native apps.
///
/// Generic over the options so that the server encodes its WebAuthn library's types and a client decodes
/// ``PublicKeyCredentialCreationOptionsJSON`` or ``PublicKeyCredentialRequestOptionsJSON``: one JSON shape.
public struct PasskeyOptionsReply<PublicKey> {
    public let publicKey: PublicKey
    /// Present when the request named a ``BiometryType``.
    public let labels: NativeLabels?

    public init(publicKey: PublicKey, labels: NativeLabels?) {
        self.publicKey = publicKey
        self.labels = labels
    }
}

extension PasskeyOptionsReply: Sendable where PublicKey: Sendable {}
extension PasskeyOptionsReply: Encodable where PublicKey: Encodable {}
extension PasskeyOptionsReply: Decodable where PublicKey: Decodable {}
