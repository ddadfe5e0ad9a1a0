/// Why an `apple` or `emulator` command stopped, with the exit status it ends with. The message is one sentence
/// for the operator; it never holds a token, code or key.
struct CommandFailure: Error, CustomStringConvertible {
    let status: Int32
    let description: String

    /// The command line, a setting or an input file is not usable: 78 (EX_CONFIG), as for `serve`'s settings.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: 78, description: message) }

    /// The command ran and the answer is no (an invalid token, a refused notification): 1.
    static func refused(_ message: String) -> CommandFailure { CommandFailure(status: 1, description: message) }
}
