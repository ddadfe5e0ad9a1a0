import FuzzSupport
import VestibuleHTTP

/// The `Cookie` header: every line of the input is one header field, as a browser or an attacker sends them.
///
/// Oracles: every cookie read is one Vestibule could have set (a valid name and value: ``Cookie`` accepts them),
/// the cookies written back as one header read back the same, and a lookup by name finds the first pair of
/// that name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // The server's header values are C strings: no NUL, and invalid UTF-8 repaired by `String(cString:)`.
    let text = String(decoding: fuzzInput(data, size).filter { $0 != 0 }, as: UTF8.self)
    let headers = HTTPHeaders(text.split(separator: "\n").map { ("Cookie", String($0)) })
    guard let request = try? Request(method: .get, target: "/", headers: headers) else {
        Oracle.fail("a request with only a Cookie header was refused")
    }
    let pairs = request.cookies.map { (name: String($0.name), value: String($0.value)) }
    for (name, value) in pairs {
        Oracle.require((try? Cookie(name: name, value: value)) != nil, "read a cookie that could not be set: \(name)")
        let first = pairs.first { $0.name == name }?.value
        Oracle.require(request.cookies[name] == first, "a lookup did not find the first pair named \(name)")
    }
    let written = pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    let again = try? Request(method: .get, target: "/", headers: ["Cookie": written]).cookies.map { "\($0.name)=\($0.value)" }
    Oracle.require(again == pairs.map { "\($0.name)=\($0.value)" }, "cookies written back as a header read back differently")
    return 0
}
