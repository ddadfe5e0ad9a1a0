#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import FuzzSupport
import VestibuleJSON

/// `JSONValue`, which reads request bodies (documents, Apple's notification body), policy and app files, and claims.
///
/// Oracle: a value that parses serializes to text that parses to the same value. Python's `json` module is the
/// second oracle: with `VESTIBULE_FUZZ_VERDICTS` set to a file, each input run appends its verdict there as a line
/// of JSON, which `Fuzz/json-oracle.py` compares with Python's reading of the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let value = JSONValue(parsing: bytes)
    if let verdicts {
        let line = value.map { #"{"accepted":true,"value":"# + String(decoding: $0.serialized, as: UTF8.self) + "}" }
        fputs((line ?? #"{"accepted":false}"#) + "\n", verdicts)
        fflush(verdicts)
    }
    guard let value else { return 0 }
    Oracle.require(JSONValue(parsing: value.serialized) == value, "parse → serialize → parse changed the value")
    return 0
}

/// Where verdicts go, when asked for; opened once, for the whole run. Unsafe is safe here: libFuzzer calls the
/// target from one thread.
nonisolated(unsafe) private let verdicts: UnsafeMutablePointer<FILE>? = getenv("VESTIBULE_FUZZ_VERDICTS").flatMap {
    fopen($0, "a")
}
