// Kept tiny: top-level code is main-actor isolated, so the work lives in `CryptoBenchmark` and `OpenIDLoad`.
let arguments = Array(CommandLine.arguments.dropFirst())
if let command = arguments.first, OpenIDLoad.commands.contains(command) {
    OpenIDLoad.main(command: command, arguments: Array(arguments.dropFirst()))
} else {
    CryptoBenchmark.main(arguments: arguments)
}
