import Foundation

// Kept tiny: top-level code is main-actor isolated, so the work lives in `BookstoreCommand`.
exit(BookstoreCommand(arguments: Array(CommandLine.arguments.dropFirst())).run())
