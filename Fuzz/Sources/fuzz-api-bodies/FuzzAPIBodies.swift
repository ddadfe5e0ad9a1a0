import Foundation
import FuzzSupport
import VestibuleAPI
import VestibulePasskeys

/// The JSON bodies of `/api/v1`, decoded into the request types the handlers read (`APICall.body`), with
/// Foundation's `JSONDecoder` as the server uses it.
///
/// The first byte picks the type. Oracle, for the types that also encode: a body that decodes encodes (keys sorted)
/// to text that decodes and encodes to the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPIBodies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let selector = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    // As `APICall.body` reads it: an empty body is `{}`.
    bodies[Int(selector) % bodies.count](body.isEmpty ? Array("{}".utf8) : body)
    return 0
}

private let bodies: [@Sendable ([UInt8]) -> Void] = [
    roundTrip(ClaimRequest.self), roundTrip(NativeAppleRequest.self), roundTrip(HandoffRequest.self),
    roundTrip(ExchangeRequest.self), roundTrip(PasskeyOptionsRequest.self), roundTrip(FieldRequest.self),
    roundTrip(AccessTokenRequest.self), decode(PasskeyCeremonyRequest<RegistrationResponse>.self),
    decode(PasskeyCeremonyRequest<AuthenticationResponse>.self),
]

/// Decoding only: the server's WebAuthn types are read, never written.
private func decode<Body: Decodable & Sendable>(_: Body.Type) -> @Sendable ([UInt8]) -> Void {
    { _ = try? JSONDecoder().decode(Body.self, from: Data($0)) }
}

private func roundTrip<Body: Codable & Sendable>(_: Body.Type) -> @Sendable ([UInt8]) -> Void {
    { bytes in
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(bytes)) else { return }
        guard let text = try? encoder.encode(body) else { Oracle.fail("a decoded \(Body.self) does not encode") }
        let again = (try? JSONDecoder().decode(Body.self, from: text)).flatMap { try? encoder.encode($0) }
        Oracle.require(again == text, "decode → encode → decode → encode changed a \(Body.self)")
    }
}
