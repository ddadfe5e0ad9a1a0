import Foundation
import VestibuleHTTP

/// JSON the way Apple's `/auth/*` endpoints send it.
enum AppleJSON {
    /// A JSON response with the headers recorded from Apple's token endpoint, charset quirk included
    /// (`application/json;charset=ISO-8859-1` on a UTF-8 body), so a relying party meets them in development.
    static func response(_ value: some Encodable, status: HTTPStatus = .ok) -> Response {
        Response(
            status: status,
            headers: ["Content-Type": "application/json;charset=ISO-8859-1", "Cache-Control": "no-store", "Pragma": "no-cache"],
            body: encode(value)
        )
    }

    /// Compact JSON, slashes unescaped as Apple writes URLs. Members are sorted: Foundation's encoder keeps no
    /// declaration order on Linux, and sorting at least makes the bytes repeatable. Apple's order differs
    /// (`{"name":…,"email":…}`); JSON gives member order no meaning, and relying parties must not depend on it.
    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The emulator's own structs of strings, numbers and booleans always encode.
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }
}
