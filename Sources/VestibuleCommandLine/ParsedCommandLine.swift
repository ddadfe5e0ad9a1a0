/// What a ``CommandLineParser`` read: each option's values under its name, and the other arguments in order.
public struct ParsedCommandLine: Sendable, Equatable {
    /// The arguments that are not options (and, for ``CommandLineParser/Positionals/passedOn``, the options
    /// that are not this command's, with their values), in the order given.
    public internal(set) var positionals: [String] = []
    var valuesByName: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Every value of an option that may be repeated (`--audience A --audience B`), in order.
    public func values(of name: String) -> [String] {
        valuesByName[name] ?? []
    }

    /// The option's value, the last one if it was given more than once: a later flag overrides an earlier one,
    /// as when a script adds to a line it was given.
    public func value(of name: String) -> String? {
        valuesByName[name]?.last
    }

    /// The value of an option that may be given only once; a second one is refused rather than guessed between.
    public func onlyValue(of name: String) throws(CommandLineError) -> String? {
        let given = values(of: name)
        guard given.count <= 1 else { throw CommandLineError(.repeatedOption, name) }
        return given.first
    }

    /// Whether a flag was given.
    public func contains(_ flag: String) -> Bool {
        flags.contains(flag)
    }
}
