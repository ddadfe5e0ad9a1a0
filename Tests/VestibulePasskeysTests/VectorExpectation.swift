import VestibulePasskeys

/// What this module should do with a shared vector, given what it supports.
enum VectorExpectation: Equatable, CustomStringConvertible {
    /// Verify, with the expected outputs.
    case success
    /// Reject, with this code when the vector's `error_code` maps to one (nil: any rejection).
    case failure(PasskeyError.Code?)
    /// Accept, with `cloneWarning` set (`sign_count_not_increased`: recorded, not rejected, by policy).
    case successWithCloneWarning
    /// Reject with this code because the format or algorithm is deliberately unsupported (documented).
    case unsupported(PasskeyError.Code)
    /// Not run: the vector needs an option this module does not have.
    case notApplicable(String)

    var description: String {
        switch self {
        case .success: "success"
        case .failure(let code): "failure(\(code.map(\.rawValue) ?? "any"))"
        case .successWithCloneWarning: "success with clone warning"
        case .unsupported(let code): "unsupported(\(code))"
        case .notApplicable(let reason): "not applicable: \(reason)"
        }
    }

    /// The module's code for a vector file's normalized `error_code`.
    static func code(for errorCode: String) -> PasskeyError.Code? {
        switch errorCode {
        case "challenge_mismatch": .challengeMismatch
        case "origin_mismatch": .originNotAllowed
        case "rp_id_hash_mismatch": .rpIDMismatch
        case "client_data_type_mismatch": .typeMismatch
        case "cross_origin_not_allowed": .crossOrigin
        case "user_not_verified": .userNotVerified
        case "user_not_present": .userNotPresent
        case "invalid_backup_flags": .backupStateInvalid
        case "backup_eligibility_changed": .backupEligibilityChanged
        case "signature_invalid": .badSignature
        case "unsupported_attestation_format": .unsupportedAttestation
        case "attestation_object_cbor_invalid": .malformed
        default: nil
        }
    }

    static let supportedAlgorithms: Set<Int> = [-7, -8, -257]

    /// Whether a packed attestation object carries an `x5c` chain.
    static func hasCertificateChain(_ attestationObject: [UInt8]) -> Bool {
        guard let object = try? CBORDecoder().decode(attestationObject) else { return false }
        return object[text: "attStmt"]?[text: "x5c"] != nil
    }

    static func forResponse(_ vector: ResponseVector) -> VectorExpectation {
        if let types = vector.rp_settings.expected_types,
           types != [vector.ceremony == "registration" ? "webauthn.create" : "webauthn.get"] {
            return .notApplicable("custom expected types \(types)")
        }
        let supportedFormat: Bool
        if vector.ceremony == "registration" {
            let object = [UInt8](base64url: vector.credential.response.attestationObject ?? "")
            let fmt = vector.decoded?.fmt ?? (try? CBORDecoder().decode(object))?[text: "fmt"]?.textValue
            supportedFormat = fmt == "none" || fmt == "packed"
            if let alg = vector.decoded?.credential_alg, !supportedAlgorithms.contains(alg) {
                return vector.expected.result == "success" ? .unsupported(.unsupportedAlgorithm) : .failure(nil)
            }
        } else {
            supportedFormat = true
        }
        if vector.expected.result == "success" {
            return supportedFormat ? .success : .unsupported(.unsupportedAttestation)
        }
        let errorCode = vector.expected.error_code ?? ""
        if errorCode == "untrusted_root" { return .notApplicable("trust anchors are the caller's (chain returned unevaluated)") }
        if errorCode == "sign_count_not_increased" { return .successWithCloneWarning }
        // Checks before the attestation statement give their own code; untrusted roots and token binding
        // are only reached in formats this module rejects as unsupported.
        let code = code(for: errorCode)
        if !supportedFormat, code == nil { return .failure(.unsupportedAttestation) }
        return .failure(code)
    }
}
