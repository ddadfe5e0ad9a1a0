import VestibuleJSON
/// The WebDriver protocol over the loopback client: JSON in, the reply's `value` out, W3C errors thrown as
/// ``WebDriverError`` with their code.
struct WebDriverWire: Sendable {
    let client: LoopbackHTTPClient
    /// The longest any one command may take, unless the call gives its own.
    let commandTimeout: Duration

    init(port: Int, commandTimeout: Duration) {
        self.client = LoopbackHTTPClient(port: port)
        self.commandTimeout = commandTimeout
    }

    func get(_ path: String, timeout: Duration? = nil) throws(WebDriverError) -> JSONValue {
        try command("GET", path, nil, timeout: timeout)
    }

    /// POSTs `parameters` (an empty object when nil: WebDriver requires a JSON body on every POST).
    func post(_ path: String, _ parameters: JSONValue = [:], timeout: Duration? = nil) throws(WebDriverError)
        -> JSONValue
    {
        try command("POST", path, parameters, timeout: timeout)
    }

    func delete(_ path: String, timeout: Duration? = nil) throws(WebDriverError) -> JSONValue {
        try command("DELETE", path, nil, timeout: timeout)
    }

    private func command(_ method: String, _ path: String, _ parameters: JSONValue?, timeout: Duration?)
        throws(WebDriverError) -> JSONValue
    {
        let reply = try client.send(method, path, body: parameters?.serialized, timeout: timeout ?? commandTimeout)
        guard let json = JSONValue(parsing: reply.body) else {
            let excerpt = String(decoding: reply.body.prefix(200), as: UTF8.self)
            throw WebDriverError(.transport, "\(method) \(path): HTTP \(reply.status) with a body that is not JSON: \(excerpt)")
        }
        let value = json["value"] ?? .null
        if let error = value["error"]?.stringValue {
            throw WebDriverError(.init(rawValue: error), value["message"]?.stringValue ?? "\(method) \(path) failed")
        }
        guard (200..<300).contains(reply.status) else {
            throw WebDriverError(.unknownError, "\(method) \(path): HTTP \(reply.status)")
        }
        return value
    }
}
