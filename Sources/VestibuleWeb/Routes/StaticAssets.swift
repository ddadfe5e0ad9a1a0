import Foundation
import VestibuleHTTP

/// The files under `Resources/Static`, read once at start-up and served from memory.
struct StaticAssets: Sendable {
    static let stylesheetPath = "/static/vestibule.css"

    let stylesheet: [UInt8]

    struct MissingAsset: Error, CustomStringConvertible {
        let description: String
    }

    init() throws(MissingAsset) {
        guard let url = Bundle.module.url(forResource: "vestibule", withExtension: "css", subdirectory: "Resources/Static"),
              let data = try? Data(contentsOf: url)
        else { throw MissingAsset(description: "The stylesheet vestibule.css is missing from the bundle.") }
        stylesheet = Array(data)
    }

    func stylesheetResponse() -> Response {
        var response = Response(status: .ok, headers: HTTPHeaders(), body: stylesheet)
        response.headers.replace("Content-Type", "text/css; charset=utf-8")
        response.headers.replace("Cache-Control", "public, max-age=3600")
        return response
    }
}
