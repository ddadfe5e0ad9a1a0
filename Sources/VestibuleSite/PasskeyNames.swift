import Foundation

/// The names passkeys get on the account page.
package enum PasskeyNames {
    package static let maximumLength = 64

    /// The name a person or app chose, trimmed and shortened; otherwise the browser and system the passkey
    /// was made on ("Chrome on Android"), which is how people tell their passkeys apart.
    package static func name(chosen: String?, userAgent: String?) -> String {
        let trimmed = (chosen ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { return String(trimmed.prefix(maximumLength)) }
        guard let userAgent, let device = device(in: userAgent) else { return "Passkey" }
        guard let system = device.system else { return device.browser }
        return "\(device.browser) on \(system)"
    }

    /// The browser and system a User-Agent names ("Chrome", "Linux"), for people rather than parsers: the
    /// account page lists devices by them, in the reader's language; `nil` when the browser is not one we know.
    package static func device(in userAgent: String) -> (browser: String, system: String?)? {
        browser(in: userAgent).map { ($0, system(in: userAgent)) }
    }

    /// The first marker that identifies the browser; order matters (Edge and Chrome also say "Safari").
    private static func browser(in userAgent: String) -> String? {
        let markers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        return markers.first { userAgent.contains($0.0) }?.1
    }

    private static func system(in userAgent: String) -> String? {
        let markers = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS X", "macOS"),
            ("Windows", "Windows"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        return markers.first { userAgent.contains($0.0) }?.1
    }
}
