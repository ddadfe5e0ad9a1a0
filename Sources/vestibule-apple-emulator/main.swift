import Foundation

// Kept tiny: top-level code is main-actor isolated, so the work lives in `EmulatorCommand`.
exit(EmulatorCommand(arguments: Array(CommandLine.arguments.dropFirst())).run())
