import VestibuleCommandLine
import VestibuleCore
import VestibuleCrypto

/// `clients rotate-secret` and `clients remove`: changes to an app that Vestibule takes up when it restarts.
extension ClientsCommand {
    static func rotateSecret(_ arguments: [String], environment: [String: String]) throws {
        let parsed = try parse(arguments)
        let id = try id(parsed, for: "rotate-secret")
        let file = try appsFile(parsed, environment: environment)
        let registry = try file.readExisting()
        let app = try app(id, in: registry, file: file)
        if app.openID?.isPublic == true {
            throw CommandFailure.usage("\(id) is a public client: it has no secret to rotate.")
        }
        let secret = SecureRandom.token()
        let rotated = RegisteredApp(
            id: app.id, name: app.name, keyDigest: SHA2.sha256(secret), returnURLs: app.returnURLs,
            mergeRule: app.mergeRule, audiences: app.audiences, openID: app.openID
        )
        try file.write(AppRegistry(registry.apps.map { $0.id == id ? rotated : $0 }))

        print("New secret for \(id) (\(app.name)) in \(file.path):")
        print(secret)
        print("It is shown only now: copy it into the app's settings. Vestibule keeps only its SHA-256.")
        print(
            "The old secret keeps working until Vestibule restarts, and stops working then: give the app the new one, "
                + "then restart Vestibule."
        )
        print("The same key is the app's X-Vestibule-App-Key for the JSON API.")
    }

    static func remove(_ arguments: [String], environment: [String: String]) throws {
        let parsed = try parse(arguments)
        let id = try id(parsed, for: "remove")
        let file = try appsFile(parsed, environment: environment)
        let registry = try file.readExisting()
        let app = try app(id, in: registry, file: file)
        try file.write(AppRegistry(registry.apps.filter { $0.id != id }))
        print("Removed \(id) (\(app.name)) from \(file.path).")
        print("Restart Vestibule: until then it still serves \(id) and accepts its secret.")
    }
}
