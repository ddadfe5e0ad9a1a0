/// A document operation the caller can correct: a bad name or body, a stale version, a full owner; or storage
/// that is full, which only the operator or deletions can correct.
///
/// Storage failures are not ``DocumentError``s; they reach the caller as `StoreError`.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The name is not 1 to 64 of `A–Z a–z 0–9 . _ -`.
        public static let invalidName = Code(name: "invalidName")
        /// The body is not one JSON value in UTF-8.
        public static let notJSON = Code(name: "notJSON")
        /// The body is larger than ``DocumentLimits/maximumBytes``.
        public static let tooLarge = Code(name: "tooLarge")
        /// The owner holds ``DocumentLimits/perOwner`` documents already.
        public static let tooManyDocuments = Code(name: "tooManyDocuments")
        /// All owners' documents together would exceed ``DocumentLimits/storageBytes``.
        public static let storageFull = Code(name: "storageFull")
        /// No document has this name.
        public static let notFound = Code(name: "notFound")
        /// The precondition did not hold; ``DocumentError/currentVersion`` says what is stored.
        public static let versionMismatch = Code(name: "versionMismatch")
        /// The owner no longer exists: the guest was claimed by an account or expired, or the account was deleted.
        public static let ownerGone = Code(name: "ownerGone")

        public var description: String { name }
    }

    public let code: Code
    /// For ``Code/versionMismatch``: the stored version, or `nil` when no document has the name.
    public let currentVersion: Int?

    init(_ code: Code, currentVersion: Int? = nil) {
        self.code = code
        self.currentVersion = currentVersion
    }

    public var description: String {
        code == .versionMismatch ? "\(code) (stored: \(currentVersion.map(String.init) ?? "none"))" : "\(code)"
    }
}
