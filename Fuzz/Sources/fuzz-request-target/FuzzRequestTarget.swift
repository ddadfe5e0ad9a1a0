import FuzzSupport
import VestibuleHTTP

/// The request line as libmicrohttpd hands it over: a method and the raw target, decoded into path and query by
/// `Request` and dispatched by `Router` (literal routes, `:name` captures, 404, 405, HEAD by GET).
///
/// The input is the method, a space, and the target. Oracles: a target that decodes, encoded again, decodes to the
/// same path and query; routing answers only 200 (a handler ran), 404 or 405, and a capture is one non-empty segment.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // MHD hands over C strings: no NUL, invalid UTF-8 repaired by `String(cString:)`.
    let line = String(decoding: fuzzInput(data, size).filter { $0 != 0 }, as: UTF8.self)
    let space = line.firstIndex(of: " ") ?? line.startIndex
    let method = HTTPMethod(rawValue: String(line[..<space]))
    let target = String(line[space...].dropFirst())
    guard let request = try? Request(method: method, target: target) else { return 0 }
    Oracle.require(request.path.utf8.first == UInt8(ascii: "/"), "a path without a leading slash: \(request.path)")
    let query = request.query.isEmpty ? "" : "?" + request.query.encoded
    guard let again = try? Request(method: method, target: percentEncoded(request.path) + query) else {
        Oracle.fail("the path and query encoded again were refused")
    }
    Oracle.require(again.path == request.path, "decode → encode → decode changed the path")
    Oracle.require(
        again.query.elementsEqual(request.query) { $0.name == $1.name && $0.value == $1.value },
        "decode → encode → decode changed the query"
    )
    let response = router.respond(to: request)
    Oracle.require([200, 404, 405].contains(response.status.code), "routing answered \(response.status)")
    return 0
}

/// A path in the shape of Vestibule's: literals, captures, and a literal beside a capture.
private let router = {
    var router = Router()
    let handler: Handler = { request in
        for (_, value) in request.pathParameters {
            Oracle.require(!value.isEmpty && !value.utf8.contains(UInt8(ascii: "/")), "captured \"\(value)\"")
        }
        return Response()
    }
    for pattern in ["/", "/account", "/handoff/:code", "/api/v1/documents/:name", "/api/v1/documents/list", "/a/:b/c/:d"]
    {
        router.get(pattern, handler)
        router.post(pattern, handler)
    }
    return router
}()

/// Every byte but unreserved characters and `/` as `%XX`.
private func percentEncoded(_ path: String) -> String {
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    for byte in path.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            encoded.append(byte)
        default:
            encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: encoded, as: UTF8.self)
}
