// Kept tiny: top-level code is main-actor isolated, so the work lives in `CryptoBenchmark`.
CryptoBenchmark.main(arguments: Array(CommandLine.arguments.dropFirst()))
