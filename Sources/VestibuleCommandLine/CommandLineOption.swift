/// One option a command accepts, under its name and any short aliases (`--quiet`, `-q`).
public struct CommandLineOption: Sendable {
    /// How an option takes its value.
    public enum Kind: Sendable, Equatable {
        /// Given or not: `--replace`. `--replace=yes` is refused, so a typo cannot pass for a setting.
        case flag
        /// `--port 8080` or `--port=8080`.
        case value
        /// A yes-or-no setting, which alone means `implied` (`--development`) and may be followed by its value
        /// (`--development false`, `--development=false`) unless the next argument is an option.
        case optionalValue(implied: String)
    }

    /// The name the command asks the ``ParsedCommandLine`` for.
    public let name: String
    public let aliases: [String]
    public let kind: Kind

    public static func flag(_ name: String, aliases: String...) -> CommandLineOption {
        CommandLineOption(name: name, aliases: aliases, kind: .flag)
    }

    public static func value(_ name: String) -> CommandLineOption {
        CommandLineOption(name: name, aliases: [], kind: .value)
    }

    public static func optionalValue(_ name: String, implied: String) -> CommandLineOption {
        CommandLineOption(name: name, aliases: [], kind: .optionalValue(implied: implied))
    }
}
