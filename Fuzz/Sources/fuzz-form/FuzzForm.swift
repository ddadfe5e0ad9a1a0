import FuzzSupport
import VestibuleHTTP

/// `application/x-www-form-urlencoded`: form bodies and query strings, and the strict percent-decoding under them.
///
/// Oracle: fields that parse encode to text that parses to the same names and values, in order; text that does not
/// parse is refused without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let fields = try? URLEncodedFields(parsing: bytes) else { return 0 }
    for field in fields {
        Oracle.require(!field.name.utf8.contains(0) && !field.value.utf8.contains(0), "a NUL was decoded")
    }
    guard let again = try? URLEncodedFields(parsing: fields.encoded.utf8) else {
        Oracle.fail("the encoded fields do not parse")
    }
    Oracle.require(
        again.elementsEqual(fields) { $0.name == $1.name && $0.value == $1.value },
        "parse → encode → parse changed the fields"
    )
    return 0
}
