public import Foundation
public import VestibuleJSON

/// Everything Vestibule holds about one person (SIWA-14): what "Your data" shows and what its export
/// contains, gathered in one place so the two cannot drift apart. Secrets are left out on purpose: session
/// tokens and password hashes are kept only as hashes, and a hash says nothing to its owner.
public struct PersonalData: Codable, Sendable, Equatable {
    public struct AccountData: Codable, Sendable, Equatable {
        public let id: String
        public let displayName: String?
        public let email: String?
        /// An address an app handed over at sign-up, unconfirmed (``HandedOverEmail``), and the app's id.
        public let handedOverEmail: String?
        public let handedOverBy: String?
        public let createdAt: Date
    }

    public struct SignInMethodData: Codable, Sendable, Equatable {
        public let method: String
        /// How the method names the person: the email address (password), Apple's `sub`, a passkey's ID.
        public let subject: String
        public let email: String?
        public let createdAt: Date
        public let lastUsedAt: Date?
    }

    public struct PasskeyData: Codable, Sendable, Equatable {
        public let name: String
        public let synced: Bool
        public let createdAt: Date
        public let lastUsedAt: Date?
        public let cloneWarningAt: Date?
    }

    public struct AppleData: Codable, Sendable, Equatable {
        public let clientID: String
        public let isPrivateEmail: Bool
        public let forwardingDisabledAt: Date?
        /// Whether Vestibule holds a refresh token (sealed), which it revokes when the account is deleted.
        public let holdsRefreshToken: Bool
    }

    /// A JSON document an app stored for the person (perhaps before they signed in, as a guest).
    public struct DocumentData: Codable, Sendable, Equatable {
        public let name: String
        /// In bytes.
        public let size: Int
        public let version: Int
        public let updatedAt: Date
        /// The document itself.
        public let content: JSONValue
    }

    public struct SessionData: Codable, Sendable, Equatable {
        /// What the browser said it is (its User-Agent).
        public let device: String
        public let method: String
        public let createdAt: Date
        public let lastSeenAt: Date
        public let expiresAt: Date
    }

    /// A value the person gave for one of the operator's declared fields (SIWA-9).
    public struct FieldData: Codable, Sendable, Equatable {
        public let name: String
        /// The field's label in the reader's language; its name when the policy no longer declares it.
        public let label: String
        /// The field's ``DataField/Kind`` (`consent`, `country`, …); `nil` when the policy no longer declares it.
        public let kind: String?
        public let value: String
        /// When the person gave it: every field value comes from the person.
        public let givenAt: Date
        /// Whether the policy requires it; `nil` when the policy no longer declares it.
        public let required: Bool?
        /// Why it is held: the required field's reason or the optional field's benefit, in the reader's
        /// language; `nil` when the policy no longer asks for it.
        public let why: String?
    }

    /// An app the person signs in to through OpenID Connect, and what it receives.
    public struct AppAccessData: Codable, Sendable, Equatable {
        public let appID: String
        /// The scopes it was allowed: `openid`, `profile`, `email`, `offline_access`.
        public let scopes: [String]
        public let allowedAt: Date
    }

    public let account: AccountData
    public let signInMethods: [SignInMethodData]
    public let passkeys: [PasskeyData]
    public let apple: [AppleData]
    public let sessions: [SessionData]
    public let documents: [DocumentData]
    public let fields: [FieldData]
    public let apps: [AppAccessData]
    /// What happened to the account lately (its audit trail, newest first), as "Recent activity" shows it.
    public let activity: [AuditEvent]

    /// The most events the export holds; the retention period (90 days by default) usually bounds them first.
    public static let maximumActivity = 1000

    /// Reads it all from the store; labels and reasons of declared fields come from `policy` in `language`.
    public init(
        of account: Account,
        from store: any AccountStore & SessionStore & PasskeyStore & AppleStore & AccountFieldStore & DocumentStore & OpenIDStore
            & AuditStore,
        policy: DataPolicy,
        language: String
    ) throws(StoreError) {
        self.account = AccountData(
            id: account.id.rawValue, displayName: account.displayName, email: account.email,
            handedOverEmail: account.handedOverEmail?.address, handedOverBy: account.handedOverEmail?.appID,
            createdAt: account.createdAt
        )
        signInMethods = try store.identities(of: account.id).map {
            SignInMethodData(
                method: $0.method.rawValue, subject: $0.subject, email: $0.email, createdAt: $0.createdAt,
                lastUsedAt: $0.lastUsedAt
            )
        }
        passkeys = try store.passkeys(of: account.id).map {
            PasskeyData(
                name: $0.name, synced: $0.backedUp, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt,
                cloneWarningAt: $0.cloneWarningAt
            )
        }
        apple = try store.appleIdentities(of: account.id).map {
            AppleData(
                clientID: $0.clientID, isPrivateEmail: $0.isPrivateEmail, forwardingDisabledAt: $0.forwardingDisabledAt,
                holdsRefreshToken: $0.sealedRefreshToken != nil
            )
        }
        fields = policy.ordered(try store.accountFields(of: account.id)).map { value in
            let field = policy.field(named: value.name)
            return FieldData(
                name: value.name, label: field?.label.text(in: language) ?? value.name, kind: field?.kind.rawValue,
                value: value.value,
                givenAt: value.givenAt, required: field?.isRequired, why: field?.why.text(in: language)
            )
        }
        apps = try store.openIDConsents(of: account.id).map {
            AppAccessData(appID: $0.appID, scopes: $0.scopes.map(\.rawValue), allowedAt: $0.grantedAt)
        }
        sessions = try store.sessions(of: account.id).map {
            SessionData(
                device: $0.userAgent, method: $0.method.rawValue, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt,
                expiresAt: $0.expiresAt
            )
        }
        activity = try store.auditEvents(of: account.id, since: nil, limit: Self.maximumActivity)
        // Read one by one: the list leaves the bodies out. One deleted meanwhile is no longer held.
        var documents: [DocumentData] = []
        for summary in try store.documents(of: .account(account.id)) {
            guard let document = try store.document(summary.name, of: .account(account.id)) else { continue }
            documents.append(
                DocumentData(
                    name: document.name.rawValue, size: document.body.count, version: document.version,
                    updatedAt: document.updatedAt,
                    content: JSONValue(parsing: document.body) ?? .string(String(decoding: document.body, as: UTF8.self))
                )
            )
        }
        self.documents = documents
    }

    /// The export: pretty, sorted JSON with ISO 8601 dates.
    public func exportJSON() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(self))
    }
}
