/// Why a command of `vestibule` or `vestibule-apple-emulator` stopped, with the exit status it ends with. The
/// message is one sentence for the operator; it never holds a token, code or key.
public struct CommandFailure: Error, CustomStringConvertible {
    public let status: Int32
    public let description: String

    public init(status: Int32, description: String) {
        self.status = status
        self.description = description
    }

    /// The command line, a setting or an input file is not usable: 78 (EX_CONFIG), as for `serve`'s settings.
    public static func usage(_ message: String) -> CommandFailure { CommandFailure(status: 78, description: message) }

    /// The command ran and the answer is no (an invalid token, a refused notification): 1.
    public static func refused(_ message: String) -> CommandFailure { CommandFailure(status: 1, description: message) }
}
