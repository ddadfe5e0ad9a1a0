import Foundation
import VestibuleAppleButton
import VestibuleHTML
import VestibuleHTTP

/// The files under `Resources/Static` and the shared ``BaseStylesheet``, read once at start-up and served from
/// memory.
///
/// The Content-Security-Policy allows script and style only from this origin, so every script and
/// stylesheet a page uses is one of these files, never inline.
struct StaticAssets: Sendable {
    /// Vestibule's palette and own components, linked after ``BaseStylesheet/path``.
    static let stylesheetPath = "/static/vestibule.css"
    /// The in-page text-size control (LT-4, LT-6).
    static let textSizeScriptPath = "/static/text-size.js"
    /// Passkey sign-in (AutoFill and button), sign-up and registration through `/api/v1/passkeys`.
    static let passkeysScriptPath = "/static/passkeys.js"
    /// The sizes of Apple's button, generated from the operator's choice (``AppleButtonStylesheet``).
    static let appleButtonStylesheetPath = "/static/apple-button.css"

    /// Each asset's bytes and content type, by path.
    private let files: [String: (body: [UInt8], contentType: String)]

    struct MissingAsset: Error, CustomStringConvertible {
        let description: String
    }

    init(appleButtonStylesheet: String = AppleButtonStylesheet.css(for: [])) throws(MissingAsset) {
        let script = "text/javascript; charset=utf-8"
        let css = "text/css; charset=utf-8"
        guard let base = BaseStylesheet.css() else { throw MissingAsset(description: "base.css is missing from the bundle.") }
        files = [
            BaseStylesheet.path: (base, css),
            Self.appleButtonStylesheetPath: (Array(appleButtonStylesheet.utf8), css),
            Self.stylesheetPath: (try Self.load("vestibule", "css"), css),
            Self.textSizeScriptPath: (try Self.load("text-size", "js"), script),
            Self.passkeysScriptPath: (try Self.load("passkeys", "js"), script),
        ]
    }

    /// The bytes served at `path`.
    func body(at path: String) -> [UInt8]? { files[path]?.body }

    /// Adds a route for every asset to `router`.
    func install(on router: inout Router) {
        for (path, file) in files {
            router.get(path) { _ in
                var response = Response(status: .ok, headers: HTTPHeaders(), body: file.body)
                response.headers.replace("Content-Type", file.contentType)
                response.headers.replace("Cache-Control", "public, max-age=3600")
                return response
            }
        }
    }

    private static func load(_ name: String, _ ext: String) throws(MissingAsset) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources/Static"),
              let data = try? Data(contentsOf: url)
        else { throw MissingAsset(description: "The static file \(name).\(ext) is missing from the bundle.") }
        return Array(data)
    }
}
