import Foundation
import Synchronization
import Testing
import VestibuleAppTesting
import VestibuleClient
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleLogging
import VestibuleTesting
@testable import VestibuleBookstore

/// The bookstore's pieces over plain HTTP, against a real Vestibule: what browsing, the cart and checkout keep
/// in Vestibule, the OpenID Connect request, and what the bookstore refuses.
@Suite(.serialized) struct BookstoreHTTPTests {
    /// SIWA-3, AUTH-3: looking around creates nothing; the first "Add to cart" makes the guest, whose `cart`
    /// document Vestibule then holds.
    @Test func browsingCreatesNoGuestAndTheFirstAddToCartDoes() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/cart")
            try shopper.get("/orders")
            let catalog = try shopper.get("/")
            #expect(catalog.status == 200)
            #expect(catalog.text.components(separatedBy: "data-book=").count - 1 == 6)
            #expect(shopper.cookie("bookstore_guest") == nil, "no guest just for browsing")

            let added = try shopper.post("/cart/add", ["book": "botchan"])
            #expect(added.status == 303)
            #expect(added.headers["Location"] == "/cart?added=botchan")
            let token = try #require(shopper.cookie("bookstore_guest"))
            #expect(token.hasPrefix("vg_"))
            let setCookie = try #require(added.headers.values(for: "Set-Cookie").first { $0.hasPrefix("bookstore_guest=") })
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))

            try shopper.post("/cart/add", ["book": "botchan"])
            let stored = try #require(try site.vestibuleClient.document("cart", as: Cart.self, of: .guest(token: token)))
            #expect(stored.value.lines == [.init(book: "botchan", quantity: 2)])
            #expect(try shopper.get("/cart").text.contains("Botchan"))
        }
    }

    /// SIWA-6: checkout asks a name and an email only, stores the order as the guest's document, and the
    /// confirmation's "Create an account" hands both to Vestibule's sign-up page, with the guest.
    @Test func aGuestCheckoutStoresTheOrderAndTheAccountOfferCarriesTheNameAndEmail() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/")
            try shopper.post("/cart/add", ["book": "frankenstein"])
            let checkout = try shopper.get("/checkout")
            let inputs = checkout.text.components(separatedBy: "<input ").dropFirst().filter { !$0.contains("type=\"hidden\"") }
            #expect(inputs.count == 2, "name and email, nothing else")

            let placed = try shopper.post("/checkout", ["name": "Ada Lovelace", "email": "ada@example.com"])
            #expect(placed.status == 303)
            let location = try #require(placed.headers["Location"])
            #expect(location.hasPrefix("/orders/") && location.hasSuffix("?placed=1"))
            let id = String(location.dropFirst("/orders/".count).prefix(12))
            let guest = Owner.guest(token: try #require(shopper.cookie("bookstore_guest")))
            let order = try #require(try site.vestibuleClient.document("order-\(id)", as: Order.self, of: guest)?.value)
            #expect(order.name == "Ada Lovelace" && order.email == "ada@example.com")
            #expect(order.lines == [.init(book: "frankenstein", quantity: 1, unitPriceCents: 249)])
            #expect(try site.vestibuleClient.document("cart", as: Cart.self, of: guest)?.value.isEmpty == true,
                    "what was bought left the cart")

            let confirmation = try shopper.get(location)
            #expect(confirmation.text.contains("Thank you for your order"))
            #expect(confirmation.text.contains("Create an account to track this order"))
            // Vestibule's side, as the browser follows: a passkey on the sign-up page, name and email filled in;
            // Sign in with Apple on the sign-in page, with the email.
            for (method, page) in [("passkey", "/sign-up"), ("apple", "/sign-in")] {
                let sent = try shopper.post("/account/create", ["order": id, "method": method])
                #expect(sent.status == 303)
                let url = try #require(sent.headers["Location"])
                #expect(url.hasPrefix(site.vestibuleOrigin + "/oidc/authorize?"))
                #expect(url.contains("vestibule_guest_ticket="), "the guest comes along")
                #expect(url.contains("code_challenge_method=S256"))
                #expect(url.contains("prompt=create") == (method == "passkey"), "a passkey is made on the sign-up page")
                #expect(!url.contains("Lovelace") && !url.contains("example.com"), "the name and email never go in a URL")
                #expect(shopper.cookie("bookstore_sign_in")?.isEmpty == false, "the sign-in's secrets stay with this browser")
                let browser = ShopperClient(origin: site.vestibuleOrigin)
                let opened = try browser.get(String(url.dropFirst(site.vestibuleOrigin.count)))
                #expect(opened.headers["Location"] == page + "?lang=en", "on in the language the shopper reads")
                let prefilled = try browser.get(page).text
                #expect(prefilled.contains("value=\"ada@example.com\""), "\(page)")
                if method == "passkey" { #expect(prefilled.contains("value=\"Ada Lovelace\"")) }
                try shopper.get(location)
            }
        }
    }

    /// The way back from Vestibule is believed only when it checks out (OpenID Connect Core 3.1.3.7, RFC 7636):
    /// the code redeems only with the PKCE verifier of the browser that asked, and the ID token must carry that
    /// browser's nonce. A person signs in for real (a password account, over HTTP) and each check is broken in
    /// turn on a copy of the bookstore's cookie.
    @Test func theWayBackCountsOnlyWithThisBrowsersVerifierAndNonce() throws {
        try withSite { site in
            let person = personAtVestibule(of: site)
            let first = try answeredSignIn(at: site, by: person, signingUp: true)
            #expect(try comeBack(first.callback, with: [first.cookie[0], first.cookie[1], "another-verifier"], to: site).status == 410)
            let second = try answeredSignIn(at: site, by: person)
            let replayed = try comeBack(second.callback, with: [second.cookie[0], "another-nonce", second.cookie[2]], to: site)
            #expect(replayed.status == 502)
            #expect(!replayed.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("bookstore_session=") })
            let third = try answeredSignIn(at: site, by: person)
            let signedIn = try comeBack(third.callback, with: third.cookie, to: site)
            #expect(signedIn.status == 303 && signedIn.headers["Location"] == "/orders")
            #expect(signedIn.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("bookstore_session=password.") })
        }
    }

    /// The session cookie's access token is refreshed when it is about to end, and the response keeps the new
    /// tokens. A copy of the old cookie then refreshes with a spent token: Vestibule ends the whole grant, and the
    /// bookstore forgets the session, for the copy and for the browser alike.
    @Test func theAccessTokenIsRefreshedInTimeAndAnOldCookieUsedAgainEndsTheSignIn() throws {
        try withSite { site in
            let person = personAtVestibule(of: site)
            let answered = try answeredSignIn(at: site, by: person, signingUp: true)
            let signedIn = try comeBack(answered.callback, with: answered.cookie, to: site)
            let cookie = try #require(Self.cookie("bookstore_session", in: signedIn))
            let session = try #require(ShopperSession(cookieValue: cookie))
            // The same sign-in, its access token a second from its end.
            let ending = cookie.replacingOccurrences(
                of: ".\(Int(session.accessTokenExpiresAt.timeIntervalSince1970)).",
                with: ".\(Int(Date().timeIntervalSince1970) + 1)."
            )
            let browser = ShopperClient(origin: site.bookstoreOrigin)
            let page = try browser.get("/orders", headers: ["Cookie": "bookstore_session=\(ending)"])
            #expect(page.status == 200 && page.text.contains("data-signed-in-with=\"password\""))
            let renewedCookie = try #require(Self.cookie("bookstore_session", in: page))
            let renewed = try #require(ShopperSession(cookieValue: renewedCookie))
            #expect(renewed.refreshToken != session.refreshToken && renewed.accessToken != session.accessToken)
            #expect(renewed.accessTokenExpiresAt > Date().addingTimeInterval(240), "five minutes again")

            let copy = try browser.get("/orders", headers: ["Cookie": "bookstore_session=\(ending)"])
            #expect(copy.status == 200 && !copy.text.contains("data-signed-in-with"))
            #expect(copy.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("bookstore_session=;") })
            let owner = try browser.get("/orders", headers: ["Cookie": "bookstore_session=\(renewed.cookieValue)"])
            #expect(owner.status == 303, "the documents refuse the ended grant's token: the session is forgotten")
            #expect(owner.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("bookstore_session=;") })
        }
    }

    // MARK: Signing in over HTTP

    /// A person's browser at Vestibule, over plain HTTP.
    private func personAtVestibule(of site: DemoSite) -> SocketBrowser {
        SocketBrowser(port: URLComponents(string: site.vestibuleOrigin)?.port ?? 0, origin: site.vestibuleOrigin, name: "person")
    }

    /// A sign-in started at the bookstore and answered at Vestibule (signing up with a password first, or signed
    /// in already): the parts of the bookstore's sign-in cookie, and the way back.
    private func answeredSignIn(
        at site: DemoSite, by person: SocketBrowser, signingUp: Bool = false
    ) throws -> (cookie: [String], callback: String) {
        let shopper = ShopperClient(origin: site.bookstoreOrigin)
        let authorize = try #require(try shopper.get("/sign-in").headers["Location"])
        let cookie = try #require(shopper.cookie("bookstore_sign_in")).split(separator: ".").map(String.init)
        var answer = person.get(String(authorize.dropFirst(site.vestibuleOrigin.count)))
        if signingUp {
            try person.createPasswordAccount(
                email: "ada@example.com", password: "correct horse battery staple",
                dataDirectories: [site.vestibule.dataDirectory]
            )
            answer = person.get("/continue")
        }
        let location = try #require(answer.location)
        #expect(location.hasPrefix(site.bookstoreOrigin + "/signed-in?code="))
        return (cookie, String(location.dropFirst(site.bookstoreOrigin.count)))
    }

    /// The browser's way back to the bookstore, with `cookie` as its sign-in cookie.
    private func comeBack(_ callback: String, with cookie: [String], to site: DemoSite) throws -> HTTPClientResponse {
        try ShopperClient(origin: site.bookstoreOrigin).get(
            callback, headers: ["Cookie": "bookstore_sign_in=" + cookie.joined(separator: ".")]
        )
    }

    /// The value a response sets for the cookie `name`.
    private static func cookie(_ name: String, in response: HTTPClientResponse) -> String? {
        response.headers.values(for: "Set-Cookie").first { $0.hasPrefix(name + "=") }
            .map { String($0.dropFirst(name.count + 1).prefix { $0 != ";" }) }
    }

    /// Vestibule counts the guests the bookstore makes against the bookstore's one address: so that one client
    /// cannot use that up for everyone, the bookstore itself limits the guests made per client address.
    @Test func aClientThatKeepsMakingNewGuestsIsToldToWait() throws {
        try withSite { site in
            var statuses: [Int] = []
            for _ in 0..<11 {
                let visitor = ShopperClient(origin: site.bookstoreOrigin)
                try visitor.get("/")
                statuses.append(try visitor.post("/cart/add", ["book": "botchan"]).status)
            }
            #expect(statuses == Array(repeating: 303, count: 10) + [429])
            let refused = ShopperClient(origin: site.bookstoreOrigin)
            try refused.get("/")
            let page = try refused.post("/cart/add", ["book": "botchan"])
            #expect(page.text.contains("Too many requests"))
            #expect(Int(page.headers["Retry-After"] ?? "") ?? 0 > 0)
            #expect(refused.cookie("bookstore_guest") == nil)
        }
    }

    /// Every form checks that it comes from the bookstore's own pages: the token bound to this browser, and the
    /// bookstore's origin. A refused form changes nothing (here: makes no guest).
    /// With its app key, the bookstore sends each shopper's address along: Vestibule limits a shopper by that
    /// shopper's calls, never by the budgets every shopper would share (the bookstore's address, its key alone).
    @Test func vestibuleCountsTheBookstoresCallsPerShopperAddress() throws {
        try withSite { site in
            try spendVestibuleBudget(of: VestibuleClient(origin: site.vestibuleOrigin))
            try spendVestibuleBudget(of: site.vestibuleClient)
            let first = ShopperClient(origin: site.bookstoreOrigin)
            try first.get("/")
            #expect(try first.post("/cart/add", ["book": "botchan"]).status == 303, "the shared budgets do not limit a shopper")

            // The test's shoppers all come from 127.0.0.1: spending that address's budget stops the next one.
            try spendVestibuleBudget(of: site.vestibuleClient.forVisitor(at: "127.0.0.1"))
            let second = ShopperClient(origin: site.bookstoreOrigin)
            try second.get("/")
            #expect(try second.post("/cart/add", ["book": "botchan"]).status == 429, "this shopper's own budget is spent")
        }
    }

    @Test func formsWithoutThisBrowsersTokenOrFromAnotherSiteAreRefused() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/")
            let stranger = ShopperClient(origin: site.bookstoreOrigin)
            try stranger.get("/")
            let attempts: [(String, [String: String], HTTPHeaders)] = [
                ("no token", ["book": "botchan", "csrf": ""], [:]),
                ("another browser's token", ["book": "botchan", "csrf": csrfToken(in: stranger.lastPage) ?? "x"], [:]),
                ("another site", ["book": "botchan"], ["Origin": "http://evil.example"]),
                ("a cross-site fetch", ["book": "botchan"], ["Origin": "null"]),
            ]
            for (why, fields, headers) in attempts {
                let refused = try shopper.post("/cart/add", fields, headers: headers)
                #expect(refused.status == 403, "\(why)")
                #expect(refused.text.contains("That form has expired"), "\(why)")
            }
            #expect(shopper.cookie("bookstore_guest") == nil, "no guest was made")
            for path in ["/cart/update", "/checkout", "/account/create", "/sign-out"] {
                #expect(try shopper.post(path, ["csrf": ""]).status == 403, "\(path)")
            }
        }
    }

    /// Whatever comes in, the answer is a page with a 4xx, never a 500 and never a crash.
    @Test func badInputIsAnsweredWithAPageAndNeverWithA500() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/")
            try shopper.post("/cart/add", ["book": "botchan"])
            let posts: [(String, [String: String], Int)] = [
                ("/cart/add", ["book": "no-such-book"], 400),
                ("/cart/add", [:], 400),
                ("/cart/update", ["book": "botchan", "quantity": "many"], 400),
                ("/cart/update", ["book": "botchan", "quantity": "-1"], 400),
                ("/cart/update", ["book": "botchan", "quantity": "99999999999999999999999"], 400),
                ("/cart/update", ["book": "../cart", "quantity": "1"], 400),
                ("/checkout", ["name": " ", "email": "not an address"], 400),
                ("/checkout", ["name": String(repeating: "長", count: 10_000), "email": "ada@example.com"], 400),
                ("/account/create", ["order": "../../cart", "method": "passkey"], 400),
                ("/account/create", ["order": "0123456789AB", "method": "apple"], 400),
                ("/account/create", ["order": "0123456789AB", "method": "fax"], 400),
            ]
            for (path, fields, status) in posts {
                try shopper.get("/cart")
                let response = try shopper.post(path, fields)
                #expect(response.status == status, "\(path) \(fields.keys.sorted())")
                #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(path)")
            }
            try shopper.get("/cart")
            let clamped = try shopper.post("/cart/update", ["book": "botchan", "quantity": "1000"])
            #expect(clamped.status == 303)
            let guest = Owner.guest(token: try #require(shopper.cookie("bookstore_guest")))
            #expect(try site.vestibuleClient.document("cart", as: Cart.self, of: guest)?.value.quantity(of: "botchan") == 10)

            let gets: [(String, HTTPHeaders, Int)] = [
                ("/orders/not-an-order", [:], 404),
                ("/orders/0123456789AB", [:], 404),
                ("/orders/%2e%2e%2fcart", [:], 404),
                ("/signed-in", [:], 410),
                ("/signed-in?code=forged&state=forged", ["Cookie": "bookstore_sign_in=forged"], 410),
                // A sign-in this browser started, but another one's state, then a code Vestibule never made.
                ("/signed-in?code=forged&state=other", ["Cookie": "bookstore_sign_in=mine.nonce.verifier"], 410),
                ("/signed-in?code=forged&state=mine", ["Cookie": "bookstore_sign_in=mine.nonce.verifier"], 410),
                // A session cookie that is not one is forgotten.
                ("/", ["Cookie": "bookstore_session=apple.1.forged"], 200),
                ("/no-such-page", [:], 404),
                ("/?lang=xx", [:], 200),
                ("/", ["Cookie": "bookstore_guest; ===; \"broken"], 200),
            ]
            for (target, headers, status) in gets {
                let response = try shopper.get(target, headers: headers)
                #expect(response.status == status, "\(target)")
                #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(target)")
            }
            // The person said no at Vestibule: back to the books, the sign-in under way forgotten.
            let refused = try shopper.get(
                "/signed-in?error=access_denied&state=mine", headers: ["Cookie": "bookstore_sign_in=mine.nonce.verifier"]
            )
            #expect(refused.status == 303 && refused.headers["Location"] == "/")
            #expect(refused.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("bookstore_sign_in=;") })
            // A target the HTTP server cannot even decode is refused before any page code runs.
            #expect(try shopper.get("/%zz").status == 400)
            var json = HTTPHeaders()
            json.add("Content-Type", "application/json")
            #expect(try shopper.post("/checkout", [:], headers: json).status == 415)
            let wrongMethod = try HTTPClient(userAgent: "test").send(
                HTTPClientRequest(method: .delete, url: site.bookstoreOrigin + "/cart")
            )
            #expect(wrongMethod.status == 405)
        }
    }

    /// The folding of a guest's cart into the account's, against Vestibule's documents: copies summed, the guest
    /// carts deleted, and two requests folding at once (two tabs back from signing in) add each cart once.
    @Test func guestCartsAreFoldedOnceEvenWhenTwoRequestsFoldAtOnce() throws {
        try withSite { site in
            let vestibule = site.vestibuleClient
            let shop = Shop(vestibule: vestibule, catalog: try Catalog.bundled())
            let owner = try vestibule.createGuest()
            let carts: [(String, Cart)] = [
                ("cart", Cart(lines: [.init(book: "botchan", quantity: 1), .init(book: "frankenstein", quantity: 2)])),
                ("cart.guest", Cart(lines: [.init(book: "botchan", quantity: 2), .init(book: "alice-in-wonderland", quantity: 1)])),
                ("cart.guest-2", Cart(lines: [.init(book: "alice-in-wonderland", quantity: 1)])),
            ]
            for (name, cart) in carts { try vestibule.write(name, cart, expecting: .absent, for: owner) }
            try vestibule.write("wishlist.guest", ["kokoro"], expecting: .absent, for: owner)

            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do { try shop.foldGuestCarts(of: owner) } catch { failures.withLock { $0.append("\(error)") } }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            let cart = try #require(try vestibule.document("cart", as: Cart.self, of: owner)?.value)
            #expect(cart.lines == [
                .init(book: "botchan", quantity: 3), .init(book: "frankenstein", quantity: 2),
                .init(book: "alice-in-wonderland", quantity: 2),
            ])
            #expect(try vestibule.documents(of: owner).map(\.name).sorted() == ["cart", "wishlist.guest"],
                    "the guest carts are gone; documents that are not carts are not the bookstore's to touch")
            #expect(try shop.foldGuestCarts(of: owner) == 0)
        }
    }

    /// Writes that race (two tabs adding books at once) each read again and retry: no book is lost.
    @Test func cartWritesThatRaceAreRetriedAndNoBookIsLost() throws {
        try withSite { site in
            let shop = Shop(vestibule: site.vestibuleClient, catalog: try Catalog.bundled())
            let owner = try site.vestibuleClient.createGuest()
            let books = ["botchan", "frankenstein", "alice-in-wonderland", "pride-and-prejudice"]
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: books.count) { index in
                do { try shop.updateCart(of: owner) { $0.add(books[index]) } } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            #expect(Set(try shop.cart(of: owner).lines.map(\.book)) == Set(books))
        }
    }

    /// Without Vestibule the shop still opens; what needs it says so in a page, and the cart is not lost.
    @Test func withoutVestibuleTheCatalogOpensAndTheCartSaysAccountsAreUnavailable() throws {
        try withBookstoreAlone { shopper in
            #expect(try shopper.get("/").status == 200)
            let add = try shopper.post("/cart/add", ["book": "botchan"])
            #expect(add.status == 503)
            #expect(add.text.contains("Accounts are unavailable right now"))
            #expect(try shopper.get("/sign-in").status == 503)
        }
    }

    /// The pages link the shared base stylesheet, then the bookstore's own, which overrides it; both are served
    /// as cacheable CSS from the shop's origin (`style-src 'self'`).
    @Test func pagesLinkTheBaseStylesheetBeforeTheBookstoresAndBothAreServed() throws {
        try withBookstoreAlone { shopper in
            let page = try shopper.get("/").text
            let base = try #require(page.range(of: "<link rel=\"stylesheet\" href=\"/static/base.css\">"))
            let own = try #require(page.range(of: "<link rel=\"stylesheet\" href=\"/static/bookstore.css\">"))
            #expect(base.upperBound < own.lowerBound)
            for path in ["/static/base.css", "/static/bookstore.css"] {
                let stylesheet = try shopper.get(path)
                #expect(stylesheet.status == 200)
                #expect(stylesheet.headers["Content-Type"] == "text/css; charset=utf-8")
                #expect(stylesheet.headers["Cache-Control"] == "public, max-age=3600")
                #expect(!stylesheet.text.isEmpty)
            }
        }
    }

    // MARK: Steps

    /// Makes `client`'s calls until Vestibule refuses one with 429 (it allows 120 a minute): ending a session that
    /// does not exist is counted, then answered 401.
    private func spendVestibuleBudget(of client: VestibuleClient) throws {
        for _ in 0...120 {
            do {
                try client.signOut(sessionToken: "no-such-session")
            } catch {
                #expect(error.status == 429, "\(error)")
                return
            }
        }
        Issue.record("Vestibule never refused the calls")
    }

    /// `GET //evil.example/x` (issue #13, finding 12): the not-found page's language links stay on the bookstore.
    @Test func theLanguageLinksOfAPageAtAPathLikeAnotherHostStayOnThisSite() throws {
        try withSite { site in
            let page = try ShopperClient(origin: site.bookstoreOrigin).get("//evil.example/x")
            #expect(page.status == 404)
            let links = page.text.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(links.contains { $0.hasSuffix("lang=ja") }, "the page has its language links")
            #expect(links.allSatisfy { !$0.hasPrefix("//") && !$0.contains("evil.example") }, "\(links)")
        }
    }

    private func withSite(_ body: (DemoSite) throws -> Void) throws {
        let site = try DemoSite()
        defer { site.stop() }
        try body(site)
    }

    /// A bookstore whose Vestibule is not there (a reserved port nobody listens on), and a shopper at it.
    private func withBookstoreAlone(_ body: (ShopperClient) throws -> Void) throws {
        let nowhere = try PortReservation()
        defer { withExtendedLifetime(nowhere) {} }
        var configuration = BookstoreConfiguration()
        configuration.port = 0
        configuration.vestibuleOrigin = "http://localhost:\(nowhere.port)"
        let bookstore = try Bookstore.build(configuration: configuration, logger: Logger(label: "test", minimumLevel: .error))
        try bookstore.start()
        defer { bookstore.shutdown() }
        let shopper = ShopperClient(origin: "http://localhost:\(bookstore.port)")
        try body(shopper)
    }
}
