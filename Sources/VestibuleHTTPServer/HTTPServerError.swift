/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// A comparable cause; new codes may be added.
    public struct Code: Hashable, Sendable {
        let name: String

        public static let addressInUse = Code(name: "address in use")
        public static let invalidAddress = Code(name: "invalid address")
        public static let invalidConfiguration = Code(name: "invalid configuration")
        public static let socketFailure = Code(name: "socket failure")
        public static let daemonFailure = Code(name: "daemon failure")
        public static let alreadyStarted = Code(name: "already started")
    }

    public let code: Code
    public let message: String
    /// The `errno` of the failing system call, when there is one.
    public let systemError: Int32?

    init(_ code: Code, _ message: String, systemError: Int32? = nil) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    public var description: String { message }
}
