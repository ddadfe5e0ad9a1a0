import VestibuleHTTP

extension Console {
    /// The most accounts one search shows.
    static let searchLimit = 50

    func installSearchRoutes(on router: inout Router) {
        router.get(paths.root) { request in
            try asOperator(request) { visitor, _ in
                let query = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let accounts = query.isEmpty
                    ? nil : try site.services.store.searchAccounts(matching: query, limit: Self.searchLimit)
                return try pages.render(for: request, visitor: visitor) {
                    ConsoleSearchPage.render(query: query, results: accounts, paths: paths, in: $0)
                }
            }
        }
        router.get(paths.apps) { request in
            try asOperator(request) { visitor, _ in
                try pages.render(for: request, visitor: visitor) {
                    ConsoleAppsPage.render(site.configuration.apps.apps, paths: paths, in: $0)
                }
            }
        }
    }
}
