// Kept tiny: top-level code is main-actor isolated, so the work lives in `CryptoBenchmark`, `OpenIDLoad` and
// `StartupBenchmark`.
let arguments = Array(CommandLine.arguments.dropFirst())
if let command = arguments.first, OpenIDLoad.commands.contains(command) {
    OpenIDLoad.main(command: command, arguments: Array(arguments.dropFirst()))
} else if arguments.first == "startup" {
    StartupBenchmark.main(arguments: Array(arguments.dropFirst()))
} else {
    CryptoBenchmark.main(arguments: arguments)
}
