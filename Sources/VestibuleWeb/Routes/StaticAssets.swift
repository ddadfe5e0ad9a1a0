import Foundation
import VestibuleHTTP

/// The files under `Resources/Static`, read once at start-up and served from memory.
///
/// The Content-Security-Policy allows script and style only from this origin, so every script and
/// stylesheet a page uses is one of these files, never inline.
struct StaticAssets: Sendable {
    static let stylesheetPath = "/static/vestibule.css"
    /// The in-page text-size control (LT-4, LT-6).
    static let textSizeScriptPath = "/static/text-size.js"

    let stylesheet: [UInt8]
    let textSizeScript: [UInt8]

    struct MissingAsset: Error, CustomStringConvertible {
        let description: String
    }

    init() throws(MissingAsset) {
        stylesheet = try Self.load("vestibule", "css")
        textSizeScript = try Self.load("text-size", "js")
    }

    /// Adds a route for every asset to `router`.
    func install(on router: inout Router) {
        router.get(Self.stylesheetPath) { _ in stylesheetResponse() }
        router.get(Self.textSizeScriptPath) { _ in textSizeScriptResponse() }
    }

    func stylesheetResponse() -> Response {
        response(stylesheet, contentType: "text/css; charset=utf-8")
    }

    func textSizeScriptResponse() -> Response {
        response(textSizeScript, contentType: "text/javascript; charset=utf-8")
    }

    private func response(_ body: [UInt8], contentType: String) -> Response {
        var response = Response(status: .ok, headers: HTTPHeaders(), body: body)
        response.headers.replace("Content-Type", contentType)
        response.headers.replace("Cache-Control", "public, max-age=3600")
        return response
    }

    private static func load(_ name: String, _ ext: String) throws(MissingAsset) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources/Static"),
              let data = try? Data(contentsOf: url)
        else { throw MissingAsset(description: "The static file \(name).\(ext) is missing from the bundle.") }
        return Array(data)
    }
}
