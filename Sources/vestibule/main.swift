import Foundation

// Kept tiny: top-level code is main-actor isolated, so the work lives in `Command`.
let status = Command(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status)
