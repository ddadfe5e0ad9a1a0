/// The label names and values of one series, in the order written. Values are fixed when the series is
/// registered, never per request: that is what keeps them bounded (a route pattern, a method, an outcome),
/// since nothing on the hot path can make a new series out of an account id, an address or a raw path.
public struct Labels: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public let pairs: [Pair]

    public struct Pair: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public init(_ pairs: [(String, String)]) {
        for (name, _) in pairs {
            precondition(MetricName.isValidLabel(name), "\(name) is not a Prometheus label name")
        }
        self.pairs = pairs.map { Pair(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// These labels and one more, last: a histogram bucket's `le`.
    func adding(_ name: String, _ value: String) -> Labels {
        Labels(pairs.map { ($0.name, $0.value) } + [(name, value)])
    }
}
