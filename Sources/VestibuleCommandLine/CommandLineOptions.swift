/// A command's own options, read strictly: `--name value` or `--name=value` (repeatable), and switches.
///
/// What is not one of them stays in ``rest``, in order, for the command to judge: `apple verify` takes its
/// token from there, `apple client-secret` hands it to the configuration loader as settings.
public struct CommandLineOptions {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var switches: Set<String> = []
    public private(set) var rest: [String] = []

    public init(_ arguments: [String], valued: Set<String>, switches known: Set<String> = []) throws(CommandFailure) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if known.contains(argument) {
                switches.insert(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard valued.contains(parts[0]) else {
                rest.append(argument)
                continue
            }
            guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                throw .usage("\(parts[0]) needs a value.")
            }
            values[parts[0], default: []].append(value)
        }
    }

    /// The value of an option that may be given once.
    public func value(_ name: String) throws(CommandFailure) -> String? {
        let given = values[name] ?? []
        guard given.count <= 1 else { throw .usage("\(name) may be given only once.") }
        return given.first
    }
}
