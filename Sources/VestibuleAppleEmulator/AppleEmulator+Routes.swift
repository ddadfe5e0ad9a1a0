import VestibuleHTTP

extension AppleEmulator {
    /// Apple's paths, then the emulator's own under `/emulator/`.
    func makeRouter() -> Router {
        var router = Router(logger: logger)
        router.get("/.well-known/openid-configuration") { [self] _ in discoveryDocument() }
        router.get("/auth/keys") { [self] _ in AppleJSON.response(keys.jwks) }
        router.get("/auth/authorize") { [self] request in authorizationPage(request) }
        router.post("/auth/authorize") { [self] request in try consent(request) }
        router.post("/auth/token") { [self] request in try token(request) }
        router.post("/auth/revoke") { [self] request in revoke(request) }
        router.post("/emulator/native-authorization") { [self] request in try nativeAuthorization(request) }
        router.post("/emulator/notify") { [self] request in try notify(request) }
        router.get(EmulatorAssets.stylesheetPath) { _ in EmulatorAssets.stylesheet }
        router.get(EmulatorAssets.formPostScriptPath) { _ in EmulatorAssets.formPostScript }
        return router
    }
}
