import Foundation
import Testing
import VestibulePasskeys

/// A binary value in `spec-vectors.json`: `{"hex": …, "b64url": …}`.
struct Binary: Decodable, Sendable {
    var hex: String
    var bytes: [UInt8] { [UInt8](hex: hex) }
}

struct FlagBits: Decodable, Sendable {
    var UP: Bool
    var UV: Bool
    var BE: Bool
    var BS: Bool
    var AT: Bool
    var ED: Bool
}

/// One case of `spec-vectors.json` (W3C WebAuthn Level 3 §Test Vectors): a registration and an authentication.
struct SpecVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Settings: Decodable, Sendable {
        struct UVAllowed: Decodable, Sendable {
            var registration: Bool
            var authentication: Bool
        }

        var expected_rp_id: String
        var expected_origins: [String]
        var allow_cross_origin: Bool
        var allowed_top_origins: [String]?
        var require_user_verification_allowed: UVAllowed
    }

    struct Registration: Decodable, Sendable {
        struct Expected: Decodable, Sendable {
            var fmt: String
            var alg: Int
            var flags: FlagBits
            var sign_count: UInt32
            var aaguid: Binary
            var credential_public_key_cose: Binary
            var credential_backed_up: Bool
        }

        var challenge: Binary
        var credential_id: Binary
        var client_data_json: Binary
        var attestation_object: Binary
        var expected: Expected
    }

    struct Authentication: Decodable, Sendable {
        struct Stored: Decodable, Sendable {
            var public_key_cose: Binary
            var sign_count: UInt32
            var backup_eligible: Bool
        }

        struct Expected: Decodable, Sendable {
            var new_sign_count: UInt32
            var user_verified: Bool
            var credential_backed_up: Bool
        }

        var challenge: Binary
        var authenticator_data: Binary
        var client_data_json: Binary
        var signature: Binary
        var stored_credential: Stored
        var expected: Expected
    }

    var id: String
    var required_rp_settings: Settings
    var registration: Registration
    var authentication: Authentication

    var testDescription: String { id }

    static let all: [SpecVector] = Fixtures.webAuthn("spec-vectors.json") ?? []

    func relyingParty(requireUserVerification: Bool) -> RelyingParty {
        let settings = required_rp_settings
        return RelyingParty(
            rpID: settings.expected_rp_id,
            origins: Set(settings.expected_origins),
            requireUserVerification: requireUserVerification,
            allowCrossOrigin: settings.allow_cross_origin,
            allowedTopOrigins: Set(settings.allowed_top_origins ?? [])
        )
    }
}

/// One case of `browser-vectors.json` or `derived-vectors.json`.
struct ResponseVector: Decodable, Sendable, CustomTestStringConvertible {
    struct Credential: Decodable, Sendable {
        struct Response: Decodable, Sendable {
            var clientDataJSON: String
            var attestationObject: String?
            var authenticatorData: String?
            var signature: String?
        }

        var response: Response
    }

    struct Settings: Decodable, Sendable {
        struct Stored: Decodable, Sendable {
            var public_key_cose_b64url: String
            var sign_count: UInt32
            var backup_eligible: Bool?
        }

        var expected_challenge_b64url: String
        var expected_origins: [String]
        var expected_rp_ids: [String]
        var require_user_verification: Bool
        var require_user_presence: Bool?
        var allow_cross_origin: Bool?
        var allowed_top_origins: [String]?
        var expected_types: [String]?
        var stored_credential: Stored?
    }

    struct Expected: Decodable, Sendable {
        var result: String
        var error_code: String?
        var sign_count: UInt32?
        var new_sign_count: UInt32?
        var aaguid: String?
        var credential_id_b64url: String?
        var credential_public_key_cose_b64url: String?
        var user_verified: Bool?
        var credential_backed_up: Bool?
    }

    struct Decoded: Decodable, Sendable {
        var fmt: String?
        var flags: FlagBits
        var credential_alg: Int?
    }

    var id: String
    var ceremony: String
    var credential: Credential
    var rp_settings: Settings
    var expected: Expected
    /// Informative decoding; absent in the derived file.
    var decoded: Decoded?

    var testDescription: String { id }

    static let browser: [ResponseVector] = Fixtures.webAuthn("browser-vectors.json") ?? []
    static let derived: [ResponseVector] = Fixtures.webAuthn("derived-vectors.json") ?? []

    /// One relying party per accepted RP ID ("any may match").
    var relyingParties: [RelyingParty] {
        rp_settings.expected_rp_ids.map { rpID in
            RelyingParty(
                rpID: rpID,
                origins: Set(rp_settings.expected_origins),
                requireUserVerification: rp_settings.require_user_verification,
                allowCrossOrigin: rp_settings.allow_cross_origin ?? false,
                allowedTopOrigins: Set(rp_settings.allowed_top_origins ?? [])
            )
        }
    }
}
