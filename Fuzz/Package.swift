// swift-tools-version:5.4
// The libFuzzer targets, one per parser of outside bytes, kept out of Vestibule's own package so that its normal
// build and tests never see them: libFuzzer supplies `main`, so these only link with `-sanitize=fuzzer`.
// Built and run by `scripts/fuzz.sh` (`make fuzz`), which passes the flags:
//
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// Each target is one `LLVMFuzzerTestOneInput` in `Sources/fuzz-NAME`, its seed inputs (and every input that
// once failed) in `Corpus/NAME`.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to `<module>_main` and
// links `main` to that name, which a target whose `main` comes from libFuzzer does not have. Hence also the
// language mode and upcoming feature spelled the 5.4 way.
import PackageDescription

let targets = [
    "accept-language", "api-bodies", "apple-notification", "attestation", "cbor", "client-data", "cookies",
    "data-policy", "form", "json", "jwks", "jws", "request-target", "svg-artwork",
]
let swiftSettings: [SwiftSetting] = [.unsafeFlags(["-enable-upcoming-feature", "InternalImportsByDefault"])]

let package = Package(
    name: "VestibuleFuzz",
    products: targets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [.package(name: "Vestibule", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "VestibuleParsers", package: "Vestibule")],
            swiftSettings: swiftSettings
        ),
    ] + targets.map {
        .executableTarget(
            name: "fuzz-\($0)",
            dependencies: ["FuzzSupport", .product(name: "VestibuleParsers", package: "Vestibule")],
            swiftSettings: swiftSettings
        )
    },
    swiftLanguageVersions: [.version("6")]
)
