// swift-tools-version:6.0
// The module graph is the architecture. Read it bottom-up:
//
//   C libraries        CMicroHTTPD  CSQLite  COpenSSL  CSodium  CPostgres  CCurl
//   foundations        VestibuleLogging   VestibuleJSON   VestibuleCrypto (OpenSSL, libsodium)   VestibuleCurl (libcurl)
//                      VestibuleCommandLine (the one `--name value` parser of every command, exit statuses)
//                      VestibuleAPI (the JSON API's request and reply bodies and paths; no dependency at all)
//                      VestibulePhrases (BudouX's phrase segmentation of Japanese, with its model; FoundationEssentials)
//                      VestibuleMetrics (counters, gauges, histograms and Prometheus' text format; no Foundation)
//   HTTP values        VestibuleHTTP (methods, headers, requests, responses, forms, routing; no C)
//   transport          VestibuleHTTPServer (libmicrohttpd)   VestibuleHTTPClient (outbound HTTP/1.1 on VestibuleCurl)
//                      VestibuleMail (SMTP on VestibuleCurl, the development outbox)
//   client SDK         VestibuleClient (the JSON API over VestibuleHTTPClient, offline access-token checks with
//                      VestibuleCrypto; what any Swift app links, never a server module)
//   domain             VestibuleCore (accounts, identities, sessions, the Store interface; no C, no HTTP)
//   storage            VestibuleSQL (every Store operation once, against SQLConnection; no C)
//   storage backends   VestibuleSQLite   VestibulePostgres (C driver, dialect, migrations, error mapping)
//   sign-in methods    VestibulePasskeys (WebAuthn verification and ceremonies on the Store)
//                      VestibuleApple (Sign in with Apple: secrets, verification, flows, revocation)
//   page building      VestibuleHTML (escaping HTML, the anti-forgery guard, host cookies, the page skeleton and
//                      base stylesheet: any site's pages)
//   presentation       VestibuleLocalization (the words in four languages)   VestibuleAppleButton (the button as drawn)
//   site               VestibuleSite (what every route shares: visitor, cookies, anti-forgery, limits, sessions)
//                      VestibulePages (the HTML pages)   VestibuleWebAPI (the JSON API under /api/v1)
//                      VestibuleOpenID (the OpenID Provider: its endpoints and back-channel logout)
//   composition        VestibuleApp (configuration → application), the `vestibule` executable
//   development        VestibuleAppleEmulator, `vestibule-apple-emulator` (Apple's side, for development and tests;
//                      never linked by `vestibule`), VestibuleTesting (processes, sockets, test servers, the clock
//                      and the poll every test target uses), VestibuleAppTesting (TestApplication and its clients:
//                      the whole application in a test, as HummingbirdTesting), VestibuleWebDriver, VestibuleAudit
//   demo app           VestibuleBookstore, `vestibule-bookstore` (a shop that uses Vestibule only through VestibuleClient)
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

func systemLibrary(_ name: String, pkgConfig: String, apt: String, brew: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt]), .brew([brew])])
}

let package = Package(
    name: "Vestibule",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "vestibule", targets: ["vestibule"]),
        .executable(name: "vestibule-audit", targets: ["vestibule-audit"]),
        .executable(name: "vestibule-bookstore", targets: ["vestibule-bookstore"]),
        .executable(name: "vestibule-apple-emulator", targets: ["vestibule-apple-emulator"]),
        .executable(name: "vestibule-screenshots", targets: ["vestibule-screenshots"]),
        .library(name: "VestibuleApp", targets: ["VestibuleApp"]),
        .library(name: "VestibuleClient", targets: ["VestibuleClient"]),
        // Every module with a parser of outside bytes, for the libFuzzer targets of the package in Fuzz/ (a package
        // can depend only on another's products); nothing else links it.
        .library(
            name: "VestibuleParsers",
            targets: [
                "VestibulePasskeys", "VestibuleCrypto", "VestibuleJSON", "VestibuleAPI", "VestibuleHTTP", "VestibuleCore",
                "VestibuleApple", "VestibuleAppleButton", "VestibuleLocalization",
            ]
        ),
    ],
    targets: [
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev", brew: "libmicrohttpd"),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev", brew: "sqlite"),
        systemLibrary("COpenSSL", pkgConfig: "libcrypto", apt: "libssl-dev", brew: "openssl@3"),
        systemLibrary("CSodium", pkgConfig: "libsodium", apt: "libsodium-dev", brew: "libsodium"),
        systemLibrary("CPostgres", pkgConfig: "libpq", apt: "libpq-dev", brew: "libpq"),
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev", brew: "curl"),

        .target(name: "VestibuleLogging", swiftSettings: swiftSettings),
        // The one argument parser of every command, and failures with their exit status.
        .target(name: "VestibuleCommandLine", swiftSettings: swiftSettings),
        .target(name: "VestibuleJSON", swiftSettings: swiftSettings),
        // `/api/v1`'s bodies as Codable values, shared by the server and every client: one JSON shape, written once.
        .target(name: "VestibuleAPI", swiftSettings: swiftSettings),
        // Japanese cut into phrases (BudouX's algorithm and model), so lines break between phrases, never inside.
        .target(name: "VestibulePhrases", exclude: ["LICENSE-BudouX", "NOTICE.md"], swiftSettings: swiftSettings),
        // Counters, gauges and histograms updated with atomic adds, written out in Prometheus' text format.
        .target(name: "VestibuleMetrics", swiftSettings: swiftSettings),
        .target(
            name: "VestibuleCrypto", dependencies: ["COpenSSL", "CSodium", "VestibuleJSON", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        // HTTP messages and routing as values: no C, no sockets; both the server and the client build on it.
        .target(name: "VestibuleHTTP", dependencies: ["VestibuleLogging", "VestibuleJSON"], swiftSettings: swiftSettings),
        // The HTTP/1.1 server on libmicrohttpd: sockets, worker threads, limits, access log, graceful shutdown.
        .target(
            name: "VestibuleHTTPServer",
            dependencies: ["CMicroHTTPD", "VestibuleHTTP", "VestibuleLogging", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        .target(name: "VestibuleCore", dependencies: ["VestibuleCrypto", "VestibuleJSON"], swiftSettings: swiftSettings),
        // The one libcurl wrapper: global initialization once, owned easy handles, typed options and errors.
        .target(name: "VestibuleCurl", dependencies: ["CCurl"], swiftSettings: swiftSettings),
        .target(
            name: "VestibuleMail", dependencies: ["VestibuleCurl", "VestibuleLogging", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        // Outbound HTTP/1.1 through libcurl: Apple's token, keys and revocation endpoints, notification delivery.
        .target(name: "VestibuleHTTPClient", dependencies: ["VestibuleCurl", "VestibuleHTTP"], swiftSettings: swiftSettings),
        // The Swift SDK for apps: guests, documents, hand-offs, sessions, access tokens verified offline.
        .target(
            name: "VestibuleClient",
            dependencies: ["VestibuleAPI", "VestibuleHTTPClient", "VestibuleHTTP", "VestibuleCrypto"],
            swiftSettings: swiftSettings
        ),
        // Drives headless Chromium through chromedriver: end-to-end tests and the Larger Text audit.
        .target(name: "VestibuleWebDriver", dependencies: ["VestibuleJSON"], swiftSettings: swiftSettings),
        // The Larger Text audit: the ladder of text sizes × viewports × locales in real Chromium.
        .target(
            name: "VestibuleAudit",
            dependencies: ["VestibuleWebDriver", "VestibuleJSON", "VestibuleLogging", "VestibuleCommandLine", "VestibuleHTML"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "vestibule-audit", dependencies: ["VestibuleAudit"], swiftSettings: swiftSettings),
        // The README's pictures and a design review's, taken of the running demo in Chromium.
        .executableTarget(
            name: "vestibule-screenshots",
            dependencies: ["VestibuleWebDriver"],
            swiftSettings: swiftSettings
        ),
        // Every Store operation once, in SQL, against SQLConnection; the backends add a driver and a dialect.
        .target(
            name: "VestibuleSQL", dependencies: ["VestibuleCore", "VestibuleCrypto", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VestibuleSQLite",
            dependencies: ["CSQLite", "VestibuleCore", "VestibuleSQL", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VestibulePostgres",
            dependencies: ["CPostgres", "VestibuleCore", "VestibuleSQL", "VestibuleMetrics"],
            swiftSettings: swiftSettings
        ),
        // WebAuthn relying-party verification: CBOR, COSE keys, attestation, assertions.
        .target(
            name: "VestibulePasskeys",
            dependencies: ["VestibuleCore", "VestibuleCrypto", "VestibuleJSON"],
            swiftSettings: swiftSettings
        ),
        // Sign in with Apple: client secrets, identity tokens and notifications, Apple's endpoints.
        .target(
            name: "VestibuleApple",
            dependencies: [
                "VestibuleCore", "VestibuleCrypto", "VestibuleJSON", "VestibuleHTTP", "VestibuleHTTPClient",
                "VestibuleMetrics",
            ],
            swiftSettings: swiftSettings
        ),
        // What server-rendered pages are built from, Vestibule's and the demo bookstore's alike.
        .target(
            name: "VestibuleHTML",
            dependencies: ["VestibuleHTTP", "VestibuleCrypto", "VestibulePhrases"],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // The words of every page and mail in each language, and the negotiation of the visitor's language.
        .target(name: "VestibuleLocalization", dependencies: ["VestibuleHTTP"], resources: [.copy("Resources")], swiftSettings: swiftSettings),
        // The Sign in with Apple button drawn as the guidelines say: Apple's image, or SVG around Apple's artwork.
        .target(
            name: "VestibuleAppleButton",
            dependencies: ["VestibuleHTML", "VestibuleLocalization", "VestibuleCommandLine"],
            swiftSettings: swiftSettings
        ),
        // What every route shares: the visitor (cookies, language, session), anti-forgery, limits, sessions.
        .target(
            name: "VestibuleSite",
            dependencies: [
                "VestibuleHTML", "VestibuleHTTP", "VestibuleCore", "VestibuleCrypto", "VestibuleMail", "VestibulePasskeys",
                "VestibuleApple", "VestibuleLocalization", "VestibuleAppleButton", "VestibuleLogging",
                "VestibuleMetrics",
            ],
            swiftSettings: swiftSettings
        ),
        // The HTML pages and their routes.
        .target(
            name: "VestibulePages",
            dependencies: [
                "VestibuleSite", "VestibuleHTML", "VestibuleHTTP", "VestibuleCore", "VestibulePasskeys", "VestibuleApple",
                "VestibuleLocalization", "VestibuleAppleButton",
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // The JSON API under /api/v1, for native apps and apps' servers.
        .target(
            name: "VestibuleWebAPI",
            dependencies: [
                "VestibuleAPI", "VestibuleSite", "VestibuleHTTP", "VestibuleCore", "VestibuleCrypto", "VestibulePasskeys", "VestibuleApple",
                "VestibuleLocalization", "VestibuleJSON",
            ],
            swiftSettings: swiftSettings
        ),
        // Vestibule as an OpenID Provider: discovery, authorization, token, userinfo, revocation, introspection,
        // RP-initiated and back-channel logout; its clients are registered apps.
        .target(
            name: "VestibuleOpenID",
            dependencies: [
                "VestibuleAPI", "VestibuleSite", "VestibuleHTTP", "VestibuleHTTPClient", "VestibuleCore", "VestibuleCrypto",
                "VestibuleJSON", "VestibuleLocalization", "VestibuleLogging",
            ],
            swiftSettings: swiftSettings
        ),
        // Sign in with Apple's server side, emulated on its own origin with its own keys, for development and tests.
        .target(
            name: "VestibuleAppleEmulator",
            dependencies: [
                "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleHTTPClient", "VestibuleCrypto", "VestibuleHTML",
                "VestibuleLogging",
            ],
            swiftSettings: swiftSettings
        ),
        // `vestibule-apple-emulator`: the emulator as a process of its own, which `make run` starts beside Vestibule.
        .executableTarget(
            name: "vestibule-apple-emulator",
            dependencies: [
                "VestibuleAppleEmulator", "VestibuleCommandLine", "VestibuleCrypto", "VestibuleHTTPServer",
                "VestibuleHTTPClient", "VestibuleJSON", "VestibuleLogging",
            ],
            swiftSettings: swiftSettings
        ),
        // The operator console (issue #16): pages for operators, on the pages' rendering and the site.
        .target(
            name: "VestibuleConsole",
            dependencies: [
                "VestibulePages", "VestibuleSite", "VestibuleHTML", "VestibuleHTTP", "VestibuleCore", "VestibuleCrypto",
                "VestibuleLocalization",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "VestibuleApp",
            dependencies: [
                "VestibuleSite", "VestibulePages", "VestibuleWebAPI", "VestibuleOpenID", "VestibuleConsole", "VestibuleAppleButton",
                "VestibulePasskeys", "VestibuleApple", "VestibuleHTTPServer", "VestibuleHTTPClient", "VestibuleSQLite",
                "VestibulePostgres", "VestibuleLogging", "VestibuleCommandLine", "VestibuleCrypto", "VestibuleMetrics",
            ],
            swiftSettings: swiftSettings
        ),
        // Test support shared by the test targets: raw sockets, the package's executables as processes, nginx,
        // PostgreSQL and SMTP servers, a browser at the Apple ID emulator's consent page, `TestClock`, `eventually`.
        .target(name: "VestibuleTesting", dependencies: ["VestibuleWebDriver"], swiftSettings: swiftSettings),
        // The application under test: TestApplication (built as `vestibule serve` builds it, with an in-process
        // Apple ID emulator), the in-process clients (forms, JSON API) and a browser over real sockets. Test
        // targets only; no production target depends on it.
        .target(
            name: "VestibuleAppTesting",
            dependencies: [
                "VestibuleApp", "VestibuleAppleEmulator", "VestibuleTesting", "VestibuleCore", "VestibuleCrypto",
                "VestibuleHTTP", "VestibuleHTTPClient", "VestibuleJSON", "VestibuleLogging", "VestibuleMail", "VestibuleSQL",
                "VestibuleSQLite",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "vestibule",
            dependencies: [
                "VestibuleApp", "VestibuleAppleButton", "VestibuleCommandLine", "VestibuleApple", "VestibuleCrypto",
                "VestibuleJSON", "VestibuleHTTPServer", "VestibuleHTTPClient",
            ],
            swiftSettings: swiftSettings
        ),
        // The demo bookstore: an app on its own origin that uses Vestibule only through VestibuleClient (guests,
        // documents, hand-off, session), never its server modules; its pages are built like Vestibule's.
        .target(
            name: "VestibuleBookstore",
            dependencies: [
                "VestibuleClient", "VestibuleAPI", "VestibuleHTML", "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleLogging",
                "VestibuleCommandLine",
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "vestibule-bookstore",
            dependencies: ["VestibuleBookstore", "VestibuleHTTPServer", "VestibuleLogging"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "vestibule-bench",
            dependencies: ["VestibuleCrypto", "VestibulePasskeys", "VestibuleApple", "CSodium"],
            swiftSettings: swiftSettings
        ),

        .testTarget(name: "VestibuleCommandLineTests", dependencies: ["VestibuleCommandLine"], swiftSettings: swiftSettings),
        .testTarget(name: "VestibulePhrasesTests", dependencies: ["VestibulePhrases"], swiftSettings: swiftSettings),
        .testTarget(name: "VestibuleJSONTests", dependencies: ["VestibuleJSON"], swiftSettings: swiftSettings),
        .testTarget(name: "VestibuleLoggingTests", dependencies: ["VestibuleLogging"], swiftSettings: swiftSettings),
        .testTarget(name: "VestibuleMetricsTests", dependencies: ["VestibuleMetrics"], swiftSettings: swiftSettings),
        .testTarget(
            name: "VestibuleCryptoTests",
            dependencies: ["VestibuleCrypto", "VestibuleJSON", "VestibuleMetrics", "VestibuleTesting"],
            exclude: ["Vectors"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleCoreTests",
            dependencies: ["VestibuleCore", "VestibuleSQLite", "VestibuleTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleHTTPTests",
            dependencies: ["VestibuleHTTP", "VestibuleHTTPServer", "VestibuleLogging", "VestibuleTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleStoreTests",
            dependencies: [
                "VestibuleCore", "VestibuleCrypto", "VestibuleSQL", "VestibuleSQLite", "VestibulePostgres", "VestibuleTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleMailTests",
            dependencies: ["VestibuleMail", "VestibuleMetrics", "VestibuleTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleHTTPClientTests",
            dependencies: ["VestibuleHTTPClient", "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleLogging", "VestibuleTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleAppleEmulatorTests",
            dependencies: [
                "VestibuleAppleEmulator", "VestibuleHTTPClient", "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleCrypto",
                "VestibuleJSON", "VestibuleLogging", "VestibuleTesting", "VestibuleWebDriver",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleWebDriverTests",
            dependencies: [
                "VestibuleWebDriver", "VestibuleJSON", "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleLogging", "VestibuleTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleAuditTests",
            dependencies: [
                "VestibuleAudit", "VestibuleWebDriver", "VestibuleHTTP", "VestibuleHTTPServer", "VestibuleLogging",
                "VestibuleTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibulePasskeysTests",
            dependencies: ["VestibulePasskeys", "VestibuleCrypto"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleAppleTests",
            dependencies: [
                "VestibuleApple", "VestibuleAppleEmulator", "VestibuleCore", "VestibuleCrypto", "VestibuleHTTP",
                "VestibuleHTTPServer", "VestibuleHTTPClient", "VestibuleJSON", "VestibuleLogging", "VestibuleSQLite",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleWebTests",
            dependencies: ["VestibulePages", "VestibuleAppleButton", "VestibuleLocalization", "VestibuleHTML", "VestibuleHTTP", "VestibuleCore"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleAppTests",
            dependencies: [
                "VestibuleApp", "VestibuleAppTesting", "VestibuleAppleEmulator", "VestibuleAudit", "VestibuleCore",
                "VestibuleCrypto", "VestibuleJSON", "VestibuleLocalization", "VestibulePages", "VestibuleTesting",
                "VestibuleWebDriver", "VestibuleHTTPServer",
                "VestibuleHTTPClient", "VestibuleSQL", "vestibule", "vestibule-apple-emulator",
            ],
            exclude: ["OpenID/Support"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleClientTests",
            dependencies: [
                "VestibuleClient", "VestibuleAPI", "VestibuleCrypto", "VestibuleHTTP", "VestibuleHTTPClient",
                "VestibuleTesting", "vestibule", "vestibule-apple-emulator",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "VestibuleBookstoreTests",
            dependencies: [
                "VestibuleBookstore", "VestibuleClient", "VestibuleAudit", "VestibuleCrypto", "VestibuleHTTP", "VestibuleHTTPClient",
                "VestibuleJSON", "VestibuleLogging", "VestibuleTesting", "VestibuleAppTesting", "VestibuleWebDriver", "vestibule",
                "vestibule-bookstore", "vestibule-apple-emulator",
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
