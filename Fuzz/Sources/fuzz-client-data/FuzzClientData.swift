import FuzzSupport
import VestibuleCrypto
import VestibuleJSON
import VestibulePasskeys

/// WebAuthn's `clientDataJSON`, exactly as the browser or app sent it.
///
/// Oracle: client data that parses is a JSON object (to the other JSON reader, `JSONValue`) whose `type`, `origin`
/// `topOrigin` and `crossOrigin` members are the parsed ones, and whose challenge decodes to the parsed bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let clientData = try? CollectedClientData(json: bytes) else { return 0 }
    guard let object = JSONValue(parsing: bytes)?.objectValue else {
        Oracle.fail("client data parsed from bytes that JSONValue does not read as an object")
    }
    Oracle.require(object["type"]?.stringValue == clientData.type, "type differs")
    Oracle.require(object["origin"]?.stringValue == clientData.origin, "origin differs")
    Oracle.require(object["topOrigin"]?.stringValue == clientData.topOrigin, "topOrigin differs")
    Oracle.require((object["crossOrigin"]?.boolValue ?? false) == clientData.crossOrigin, "crossOrigin differs")
    let challenge = object["challenge"]?.stringValue.flatMap(Base64URL.decodeLeniently)
    Oracle.require(challenge == clientData.challenge, "the challenge differs")
    return 0
}
