/// A storage failure. Messages name the operation, never the values bound to it (they may be secrets).
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// A uniqueness rule was violated (the identity is already linked, the key id exists).
        public static let conflict = Code(name: "conflict")
        /// The record to change does not exist.
        public static let notFound = Code(name: "notFound")
        /// The database could not be opened, read or written.
        public static let unavailable = Code(name: "unavailable")
        /// The database was written by a newer Vestibule, or its schema is not what a migration expects.
        public static let incompatibleSchema = Code(name: "incompatibleSchema")
        /// A stored value could not be decoded.
        public static let corrupt = Code(name: "corrupt")

        public var description: String { name }
    }

    public let code: Code
    /// What failed, for operators: the operation and the backend's own error text, never bound values.
    public let detail: String
    /// The backend's raw result code (SQLite extended result code, PostgreSQL SQLSTATE), for diagnostics.
    public let backendCode: String?

    public init(_ code: Code, _ detail: String, backendCode: String? = nil) {
        self.code = code
        self.detail = detail
        self.backendCode = backendCode
    }

    public var description: String {
        "\(code): \(detail)" + (backendCode.map { " (\($0))" } ?? "")
    }
}
