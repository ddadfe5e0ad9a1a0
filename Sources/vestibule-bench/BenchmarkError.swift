/// Why a measurement could not be set up; the benchmark stops rather than time the wrong thing.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
