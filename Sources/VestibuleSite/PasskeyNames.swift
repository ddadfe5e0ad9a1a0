import Foundation

/// The names passkeys get on the account page.
package enum PasskeyNames {
    package static let maximumLength = 64

    /// The name a person or app chose, trimmed and shortened; otherwise the browser and system the passkey
    /// was made on ("Chrome on Android"), which is how people tell their passkeys apart.
    package static func name(chosen: String?, userAgent: String?) -> String {
        let trimmed = (chosen ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { return String(trimmed.prefix(maximumLength)) }
        guard let userAgent, let browser = browser(in: userAgent) else { return "Passkey" }
        guard let system = system(in: userAgent) else { return browser }
        return "\(browser) on \(system)"
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
