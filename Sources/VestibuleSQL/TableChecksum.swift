import VestibuleCore
import VestibuleCrypto

/// What verifies a copied table: how many rows it holds and a SHA-256 digest of them, computed the same way
/// on either database.
///
/// Each row is encoded value by value (a kind byte, then an integer's eight bytes, or a text's or blob's length
/// and bytes, so no two different rows encode alike) and hashed; the table's digest is the SHA-256 of those row
/// digests sorted. Sorting makes it independent of the order a database returns rows in (each collation orders
/// text keys its own way), while any changed, missing or extra row still changes it.
package struct TableChecksum: Sendable, Equatable {
    package let rows: Int
    package let digest: [UInt8]

    init(of table: SQLTable, on connection: any SQLConnection, pageSize: Int) throws(StoreError) {
        var digests: [[UInt8]] = []
        try table.forEachPage(on: connection, size: pageSize, inInsertionOrder: false) { page in
            for row in page {
                digests.append(SHA2.sha256(row.reduce(into: []) { $1.appendEncoding(to: &$0) }))
            }
        }
        rows = digests.count
        digest = SHA2.sha256(digests.sorted { $0.lexicographicallyPrecedes($1) }.joined())
    }

    /// The digest in lowercase hexadecimal.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}

extension SQLValue {
    fileprivate func appendEncoding(to bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(0)
        case .integer(let integer):
            bytes.append(1)
            bytes += Self.bigEndian(integer)
        case .text(let text):
            bytes.append(2)
            bytes += Self.bigEndian(Int64(text.utf8.count))
            bytes += text.utf8
        case .blob(let blob):
            bytes.append(3)
            bytes += Self.bigEndian(Int64(blob.count))
            bytes += blob
        }
    }

    private static func bigEndian(_ integer: Int64) -> [UInt8] {
        withUnsafeBytes(of: integer.bigEndian) { Array($0) }
    }
}
