import VestibuleCrypto

/// The apps registered with this Vestibule, found by the key their server presents or by id.
public struct AppRegistry: Sendable, Equatable {
    public let apps: [RegisteredApp]

    /// - Precondition: ids are unique (``init(json:)`` checks it for the file).
    public init(_ apps: [RegisteredApp] = []) {
        self.apps = apps
    }

    public var isEmpty: Bool { apps.isEmpty }

    /// The app whose key `presented` is, or `nil`. Every registered digest is compared, each in constant time, so
    /// the time taken says nothing about which app, or how much of a key, matched.
    public func app(presenting presented: String) -> RegisteredApp? {
        let digest = SHA2.sha256(presented)
        var matched: RegisteredApp?
        for app in apps {
            guard let keyDigest = app.keyDigest else { continue }
            if ConstantTime.equals(keyDigest, digest) { matched = app }
        }
        return matched
    }

    public func app(id: String) -> RegisteredApp? {
        apps.first { $0.id == id }
    }

    /// Every registered app's origins, for the pages that apps may frame.
    public var origins: [String] {
        var seen = Set<String>()
        return apps.flatMap(\.origins).filter { seen.insert($0).inserted }
    }
}
