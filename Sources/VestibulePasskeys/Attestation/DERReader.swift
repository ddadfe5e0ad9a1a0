/// Reads DER TLVs (X.690) from a byte array: definite lengths, minimal long forms, single-byte tags.
struct DERReader {
    struct Element {
        let tag: UInt8
        /// The content bytes.
        let content: ArraySlice<UInt8>
        /// Tag, length and content.
        let encoded: ArraySlice<UInt8>
    }

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    var peekTag: UInt8? { isAtEnd ? nil : bytes[offset] }

    mutating func read() throws(PasskeyError) -> Element {
        let start = offset
        guard bytes.endIndex - offset >= 2 else { throw Self.malformed }
        let tag = bytes[offset]
        // Multi-byte tags (low five bits all set) do not occur in the structures read here.
        guard tag & 0x1F != 0x1F else { throw Self.malformed }
        var length = Int(bytes[offset + 1])
        offset += 2
        if length >= 0x80 {
            let count = length & 0x7F
            guard (1...3).contains(count), bytes.endIndex - offset >= count, bytes[offset] != 0 else { throw Self.malformed }
            length = bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
            guard length >= 0x80 else { throw Self.malformed }
            offset += count
        }
        guard bytes.endIndex - offset >= length else { throw Self.malformed }
        let content = bytes[offset..<offset + length]
        offset += length
        return Element(tag: tag, content: content, encoded: bytes[start..<offset])
    }

    mutating func read(tag: UInt8) throws(PasskeyError) -> Element {
        let element = try read()
        guard element.tag == tag else { throw Self.malformed }
        return element
    }

    static let malformed = PasskeyError(.malformed, "attestation certificate is not valid DER")
}
