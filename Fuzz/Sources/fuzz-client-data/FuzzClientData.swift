import FuzzSupport
import VestibuleCrypto
import VestibuleJSON
import VestibulePasskeys

/// WebAuthn's `clientDataJSON`, exactly as the browser or app sent it.
///
/// Oracle: client data that parses is RFC 8259 JSON, and the other JSON reader, `JSONValue`, reads the same `type`,
/// `origin`, `topOrigin`, `crossOrigin` and challenge from it (unless Foundation refuses a number in it that
/// `JSONSyntax` lets pass: `0e2`, see docs/reliability.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let clientData = try? CollectedClientData(json: bytes) else { return 0 }
    Oracle.require(JSONSyntax.isValid(bytes), "client data parsed from bytes that are not JSON")
    guard let value = JSONValue(parsing: bytes) else { return 0 }
    guard let object = value.objectValue else { Oracle.fail("client data parsed from JSON that is no object") }
    Oracle.require(object["type"]?.stringValue == clientData.type, "type differs")
    Oracle.require(object["origin"]?.stringValue == clientData.origin, "origin differs")
    Oracle.require(object["topOrigin"]?.stringValue == clientData.topOrigin, "topOrigin differs")
    Oracle.require((object["crossOrigin"]?.boolValue ?? false) == clientData.crossOrigin, "crossOrigin differs")
    let challenge = object["challenge"]?.stringValue.flatMap(Base64URL.decodeLeniently)
    Oracle.require(challenge == clientData.challenge, "the challenge differs")
    return 0
}
