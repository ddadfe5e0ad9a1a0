import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// App keys (a registered app's, `apps`): an app's server that calls the API for all its visitors from one
/// address presents its key and each visitor's address, and Vestibule counts each visitor on their own. The forwarded address is
/// trusted only with a valid key; a wrong key is refused outright, never quietly counted by address.
@Suite struct AppKeyTests {
    static let key = TestApps.shopKey
    /// Vestibule's limit on API calls per address and minute (`RateLimits.passkeyCeremoniesPerAddress`).
    static let limit = 120

    private func app() throws -> TestApplication {
        try TestApplication { $0.apps = TestApps.registry }
    }

    /// A new guest, asked for with `headers`; returns the status code.
    private func newGuest(_ app: TestApplication, _ headers: HTTPHeaders) throws -> Int {
        try APIClient(app: app).call(.post, "/api/v1/guests", headers: headers).status.code
    }

    @Test func callsWithAKeyAreCountedPerForwardedVisitorAddress() throws {
        let app = try app()
        defer { app.application.shutdown() }
        let shopper: HTTPHeaders = ["X-Vestibule-App-Key": Self.key, "X-Vestibule-Client-Address": "203.0.113.7"]
        let statuses = try (0...Self.limit).map { _ in try newGuest(app, shopper) }
        #expect(statuses.dropLast().allSatisfy { $0 == 201 })
        #expect(statuses.last == 429, "the shopper's own budget is spent")

        let other: HTTPHeaders = ["X-Vestibule-App-Key": Self.key, "X-Vestibule-Client-Address": "2001:DB8:0::7"]
        #expect(try newGuest(app, other) == 201, "another shopper of the same app still passes")
        #expect(try newGuest(app, ["X-Vestibule-App-Key": Self.key]) == 201, "the key without a visitor: its own budget")
        #expect(try newGuest(app, [:]) == 201, "the app's address was not counted")

        let sameShopperOtherSpelling: HTTPHeaders = ["X-Vestibule-App-Key": Self.key, "X-Vestibule-Client-Address": "2001:db8::7"]
        let spent = try (1..<Self.limit).map { _ in try newGuest(app, sameShopperOtherSpelling) }
        #expect(spent.allSatisfy { $0 == 201 })
        #expect(try newGuest(app, other) == 429, "one address, however it is written, is one budget")
    }

    @Test func aWrongAppKeyIsRefusedWith401EvenWhereCallsAreNotCounted() throws {
        let app = try app()
        defer { app.application.shutdown() }
        for key in [String(Self.key.dropLast()), Self.key + "x", "", Self.key.uppercased()] {
            let reply = try APIClient(app: app).call(
                .post, "/api/v1/guests", headers: ["X-Vestibule-App-Key": key, "X-Vestibule-Client-Address": "203.0.113.7"]
            )
            #expect(reply.status == .unauthorized && reply.error == "invalidAppKey", "\(key)")
        }
        let (guest, _) = try APIClient(app: app).newGuest()
        let document = try guest.call(.get, "/api/v1/documents", headers: ["X-Vestibule-App-Key": "not-the-key"])
        #expect(document.status == .unauthorized && document.error == "invalidAppKey")

        let withoutKeys = try TestApplication()
        defer { withoutKeys.application.shutdown() }
        let reply = try APIClient(app: withoutKeys).call(.post, "/api/v1/guests", headers: ["X-Vestibule-App-Key": Self.key])
        #expect(reply.status == .unauthorized && reply.error == "invalidAppKey", "no key is valid when no app is registered")
    }

    @Test func aForwardedAddressWithoutAKeyChangesNothing() throws {
        let app = try app()
        defer { app.application.shutdown() }
        let statuses = try (0...Self.limit).map { index in
            try newGuest(app, ["X-Vestibule-Client-Address": "198.51.100.\(index % 250)"])
        }
        #expect(statuses.dropLast().allSatisfy { $0 == 201 })
        #expect(statuses.last == 429, "every call was counted against the caller's own address")
    }

    @Test(arguments: ["localhost", "203.0.113.7:443", "203.0.113", "203.0.113.7, 10.0.0.1", "fe80::1%eth0", "10.0.0.0/8", ""])
    func aForwardedAddressThatIsNotAnIPAddressIsRefused(address: String) throws {
        let app = try app()
        defer { app.application.shutdown() }
        let reply = try APIClient(app: app).call(
            .post, "/api/v1/guests", headers: ["X-Vestibule-App-Key": Self.key, "X-Vestibule-Client-Address": address]
        )
        #expect(reply.status == .badRequest && reply.error == "invalidRequest")
    }
}
