import FuzzSupport
import VestibulePasskeys

/// CBOR as authenticators send it, and COSE keys, which are CBOR maps.
///
/// Oracle: whatever decodes re-encodes (shortest form) to bytes that decode to the same value, and re-encode to
/// the same bytes; a COSE key that loads keeps its bytes and is a CBOR map.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCBOR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let decoder = CBORDecoder()
    guard let value = try? decoder.decode(bytes) else {
        Oracle.require((try? COSEKey(bytes: bytes)) == nil, "a COSE key loaded from bytes that are not one CBOR item")
        return 0
    }
    let encoded = CBOREncoder.encode(value)
    let again = try? decoder.decode(encoded)
    Oracle.require(again == value, "decode → encode → decode changed the value")
    Oracle.require(again.map(CBOREncoder.encode) == encoded, "the shortest encoding is not stable")
    if let key = try? COSEKey(bytes: bytes) {
        Oracle.require(key.bytes == bytes, "a COSE key does not keep the bytes it was read from")
        let isMap = if case .map = value { true } else { false }
        Oracle.require(isMap, "a COSE key loaded from a CBOR item that is no map")
    }
    return 0
}
