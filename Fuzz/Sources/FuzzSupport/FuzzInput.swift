/// The bytes libFuzzer hands `LLVMFuzzerTestOneInput`, copied: parsers take arrays, and the pointer is only lent.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
