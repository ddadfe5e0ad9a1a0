import VestibuleHTTP
import VestibuleSite

/// Addresses that browsers and Apple's platforms look up by convention, and the development outbox.
extension Pages {
    func installWellKnownRoutes(on router: inout Router) {
        // Password managers send people here to change a password (W3C "well-known URL for changing passwords").
        router.get("/.well-known/change-password") { _ in .redirect(to: "/account/password") }
        router.get("/.well-known/apple-app-site-association") { _ in try appSiteAssociation() }
        if let outbox = site.services.outbox {
            router.get(SitePath.outbox) { request in
                let messages = try outbox.messages()
                return try page(for: request) { OutboxPage.render(in: $0, messages: messages) }
            }
        }
    }

    /// Lets the operator's iOS apps share saved passwords and passkeys with this site (`webcredentials`),
    /// and optionally open its links (`applinks`). Served as JSON, never redirected, as Apple requires.
    private func appSiteAssociation() throws -> Response {
        guard !site.configuration.appleAppIDs.isEmpty else {
            throw HTTPError(.notFound, "No Apple app IDs are configured (setting appleAppIDs).")
        }
        var document = AppSiteAssociation(webcredentials: .init(apps: site.configuration.appleAppIDs))
        if site.configuration.appleAppLinks {
            document.applinks = .init(details: [.init(appIDs: site.configuration.appleAppIDs, components: [["/": "/*"]])])
        }
        var response = try Response.json(document)
        response.headers.replace("Cache-Control", "public, max-age=3600")
        return response
    }
}

/// The apple-app-site-association document.
private struct AppSiteAssociation: Encodable {
    struct Apps: Encodable { var apps: [String] }
    struct AppLinks: Encodable {
        struct Detail: Encodable {
            var appIDs: [String]
            var components: [[String: String]]
        }
        var details: [Detail]
    }

    var webcredentials: Apps
    var applinks: AppLinks?
}
