/// A command line the parser refuses. ``description`` is one sentence a command can print as it is or follow
/// with where to read more; a command whose wording differs builds its own from ``code`` and ``argument``.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// An argument that starts with `-` and is none of the command's options.
        public static let unknownOption = Code(name: "unknownOption")
        /// An argument that is not an option, to a command that takes none.
        public static let unexpectedArgument = Code(name: "unexpectedArgument")
        /// An option that takes a value, last on the line or followed by another option.
        public static let missingValue = Code(name: "missingValue")
        /// A flag given a value with `=`.
        public static let unexpectedValue = Code(name: "unexpectedValue")
        /// An option given twice where it may be given once.
        public static let repeatedOption = Code(name: "repeatedOption")

        public var description: String { name }
    }

    public let code: Code
    /// The option's name, or the stray argument up to any `=`: never a value, which may be a key or a password.
    public let argument: String

    init(_ code: Code, _ argument: String) {
        self.code = code
        self.argument = argument
    }

    public var description: String {
        switch code {
        case .unknownOption: "Unknown option \(argument)."
        case .unexpectedArgument: "Unexpected argument \(argument)."
        case .missingValue: "\(argument) needs a value."
        case .unexpectedValue: "\(argument) takes no value."
        default: "\(argument) may be given only once."
        }
    }
}
