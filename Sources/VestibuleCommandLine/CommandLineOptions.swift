/// The options of a `vestibule apple` or `vestibule-apple-emulator` command, read by ``CommandLineParser`` with refusals as
/// ``CommandFailure/usage(_:)``: `--name value` or `--name=value` (repeatable), and switches.
///
/// What is not one of them stays in ``rest``, in order, for the command to judge: `apple verify` takes its
/// token from there, `apple client-secret` hands it to the configuration loader as settings.
public struct CommandLineOptions {
    private let parsed: ParsedCommandLine

    public init(_ arguments: [String], valued: Set<String>, switches: Set<String> = []) throws(CommandFailure) {
        let parser = CommandLineParser(
            valued.map(CommandLineOption.value) + switches.map { CommandLineOption.flag($0) },
            positionals: .passedOn
        )
        do throws(CommandLineError) {
            parsed = try parser.parse(arguments)
        } catch {
            throw .usage(error.description)
        }
    }

    public var rest: [String] { parsed.positionals }

    /// The value of an option that may be given once.
    public func value(_ name: String) throws(CommandFailure) -> String? {
        do throws(CommandLineError) {
            return try parsed.onlyValue(of: name)
        } catch {
            throw .usage(error.description)
        }
    }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] { parsed.values(of: name) }

    public func contains(switch name: String) -> Bool { parsed.contains(name) }
}
