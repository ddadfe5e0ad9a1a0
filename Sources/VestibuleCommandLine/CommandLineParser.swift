/// Reads a command's arguments strictly: `--name value` and `--name=value`, flags, repeated options and
/// positional arguments, refusing an unknown option or a missing value with a ``CommandLineError``.
///
/// An argument that starts with `-` is an option, except `-` alone (standard input, by convention). A value
/// may follow its option as the next argument unless that starts with `--`, so `--json --quiet` is a missing
/// value rather than a file named `--quiet`; after `=` anything goes (`--nonce=--x`).
public struct CommandLineParser: Sendable {
    /// What becomes of the arguments that are not this command's options.
    public enum Positionals: Sendable {
        /// None are accepted: each is ``CommandLineError/Code/unexpectedArgument``.
        case refused
        /// Kept in ``ParsedCommandLine/positionals``; an unknown option is still refused.
        case accepted
        /// Kept in order, unknown options and their values too, for another reader: `vestibule apple
        /// client-secret` hands them to the settings loader.
        case passedOn
    }

    private let options: [String: CommandLineOption]
    private let positionals: Positionals

    public init(_ options: [CommandLineOption], positionals: Positionals = .refused) {
        var byName: [String: CommandLineOption] = [:]
        for option in options {
            for name in [option.name] + option.aliases {
                precondition(byName[name] == nil, "\(name) is declared twice")
                byName[name] = option
            }
        }
        self.options = byName
        self.positionals = positionals
    }

    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedCommandLine {
        var parsed = ParsedCommandLine()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            let inlineValue = parts.count == 2 ? parts[1] : nil
            guard name.hasPrefix("-"), argument != "-" else {
                guard positionals != .refused else { throw CommandLineError(.unexpectedArgument, name) }
                parsed.positionals.append(argument)
                continue
            }
            guard let option = options[name] else {
                guard positionals == .passedOn else { throw CommandLineError(.unknownOption, name) }
                parsed.positionals.append(argument)
                continue
            }
            let followingValue = remaining.first.flatMap { $0.hasPrefix("--") ? nil : $0 }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw CommandLineError(.unexpectedValue, name) }
                parsed.flags.insert(option.name)
            case .value:
                guard let value = inlineValue ?? followingValue else { throw CommandLineError(.missingValue, name) }
                if inlineValue == nil { remaining.removeFirst() }
                parsed.valuesByName[option.name, default: []].append(value)
            case .optionalValue(let implied):
                if inlineValue == nil, followingValue != nil { remaining.removeFirst() }
                parsed.valuesByName[option.name, default: []].append(inlineValue ?? followingValue ?? implied)
            }
        }
        return parsed
    }
}
