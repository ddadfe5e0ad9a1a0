extension PasswordHasher {
    /// Argon2id cost parameters. libsodium always uses one lane (p = 1).
    public struct Parameters: Sendable, Equatable, CustomStringConvertible {
        /// Memory per hash, in KiB.
        public var memoryKiB: Int
        /// Number of passes over the memory (t).
        public var iterations: Int
        /// Lanes (p); libsodium supports only 1.
        public var parallelism: Int { 1 }

        public init(memoryKiB: Int = 19_456, iterations: Int = 2) {
            self.memoryKiB = memoryKiB
            self.iterations = iterations
        }

        /// OWASP's Argon2id recommendation for p = 1: 19 MiB, 2 iterations.
        public static let owasp = Parameters()

        /// The ranges accepted for hashing and for verifying stored hashes: libsodium's minimum
        /// (8 KiB, 1 pass) up to 1 GiB and 16 passes.
        public static let accepted = (memoryKiB: 8...1_048_576, iterations: 1...16)

        var isAccepted: Bool {
            Self.accepted.memoryKiB.contains(memoryKiB) && Self.accepted.iterations.contains(iterations)
        }

        public var description: String { "m=\(memoryKiB),t=\(iterations),p=\(parallelism)" }

        /// The parameters of an Argon2id v19 PHC string, or nil if it is not one.
        init?(phc encoded: String) {
            let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
            guard fields.count == 6, fields[0].isEmpty, fields[1] == "argon2id", fields[2] == "v=19",
                  !fields[4].isEmpty, !fields[5].isEmpty
            else { return nil }
            var values: [Substring: Int] = [:]
            for pair in fields[3].split(separator: ",") {
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
                guard parts.count == 2, values[parts[0]] == nil, let value = Int(parts[1]) else { return nil }
                values[parts[0]] = value
            }
            guard values.count == 3, let m = values["m"], let t = values["t"], values["p"] == 1 else { return nil }
            self.init(memoryKiB: m, iterations: t)
        }
    }
}
