import Testing
@testable import VestibuleHTTP

@Suite struct RequestBodyTests {
    private func request(contentType: String?, body: String) throws -> Request {
        var headers = HTTPHeaders()
        if let contentType { headers.add("Content-Type", contentType) }
        return try Request(method: .post, target: "/", headers: headers, body: Array(body.utf8))
    }

    private func status(_ body: () throws -> Void) -> HTTPStatus? {
        do {
            try body()
            return nil
        } catch {
            return (error as? HTTPError)?.status
        }
    }

    @Test func formFieldsAreDecoded() throws {
        let form = try request(contentType: "application/x-www-form-urlencoded; charset=UTF-8", body: "email=a%40b.c&password=p+w%26rd")
            .form()
        #expect(form["email"] == "a@b.c")
        #expect(form["password"] == "p w&rd")
    }

    @Test func formWithOtherContentTypeIsUnsupportedMediaType() throws {
        let request = try request(contentType: "multipart/form-data; boundary=x", body: "a=1")
        #expect(status { _ = try request.form() } == .unsupportedMediaType)
        let missing = try self.request(contentType: nil, body: "a=1")
        #expect(status { _ = try missing.form() } == .unsupportedMediaType)
    }

    @Test(arguments: ["a=%", "a=%2", "%zz=1", "a=%00", "a=%80"])
    func malformedFormIsBadRequest(body: String) throws {
        let request = try request(contentType: "application/x-www-form-urlencoded", body: body)
        #expect(status { _ = try request.form() } == .badRequest)
    }

    struct SignIn: Decodable, Equatable {
        let email: String
        let remember: Bool
    }

    @Test func jsonIsDecoded() throws {
        let request = try request(contentType: "application/json", body: #"{"email":"a@b.c","remember":true}"#)
        #expect(try request.decodeJSON(SignIn.self) == SignIn(email: "a@b.c", remember: true))
    }

    @Test(arguments: [
        (#"{"email": "#, "The request body is not valid JSON."),
        (#"{"email":"a"}"#, "The JSON body is missing the field 'remember'."),
        (#"{"email":"a","remember":"yes"}"#, "The JSON value at 'remember' has the wrong type."),
        ("", "The request body is not valid JSON."),
        // Foundation's decoder alone accepts these, since the broken part is in a member SignIn does not read.
        (#"{"email":"a","remember":true,}"#, "The request body is not valid JSON."),
        (#"{"email":"a","remember":true,"age":18.}"#, "The request body is not valid JSON."),
    ])
    func malformedJSONIsBadRequestWithClearMessage(body: String, message: String) throws {
        let request = try request(contentType: "application/json", body: body)
        #expect {
            try request.decodeJSON(SignIn.self)
        } throws: { error in
            let error = error as? HTTPError
            return error?.status == .badRequest && error?.message == message
        }
    }

    @Test func jsonWithOtherContentTypeIsUnsupportedMediaType() throws {
        let request = try request(contentType: "text/plain", body: "{}")
        #expect(status { _ = try request.decodeJSON(SignIn.self) } == .unsupportedMediaType)
    }
}
