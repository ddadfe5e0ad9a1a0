/// Prometheus' text exposition format, version 0.0.4: `# HELP` and `# TYPE` lines, then one line per sample.
/// https://prometheus.io/docs/instrumenting/exposition_formats/
enum PrometheusText {
    /// What a scrape answers with.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func write(_ family: MetricFamily, to text: inout String) {
        text += "# HELP \(family.name) \(escapedHelp(family.help))\n"
        text += "# TYPE \(family.name) \(family.kind.rawValue)\n"
        for (labels, series) in family.series {
            switch series {
            case .counter(let counter): sample(family.name, labels, String(counter.value), to: &text)
            case .gauge(let gauge): sample(family.name, labels, String(gauge.value), to: &text)
            case .sampled(let read): sample(family.name, labels, number(read()), to: &text)
            case .histogram(let histogram):
                let (cumulative, sum) = histogram.snapshot
                for (bound, count) in zip(histogram.upperBounds.map(number) + ["+Inf"], cumulative) {
                    sample(family.name + "_bucket", labels.adding("le", bound), String(count), to: &text)
                }
                sample(family.name + "_sum", labels, number(sum), to: &text)
                sample(family.name + "_count", labels, String(cumulative.last ?? 0), to: &text)
            }
        }
    }

    private static func sample(_ name: String, _ labels: Labels, _ value: String, to text: inout String) {
        text += name
        if !labels.pairs.isEmpty {
            text += "{"
            text += labels.pairs.map { "\($0.name)=\"\(escapedLabelValue($0.value))\"" }.joined(separator: ",")
            text += "}"
        }
        text += " \(value)\n"
    }

    /// A label value may hold anything: backslash, double quote and line feed must be escaped.
    static func escapedLabelValue(_ value: String) -> String {
        escaped(value, quote: true)
    }

    /// Help text escapes only backslash and line feed; a quote stands as it is.
    static func escapedHelp(_ help: String) -> String {
        escaped(help, quote: false)
    }

    private static func escaped(_ text: String, quote: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\"" where quote: result += "\\\""
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Go's float syntax, which Prometheus parses: `+Inf`, `-Inf`, `NaN`, whole numbers without a fraction
    /// (`le="1"`, as other clients write it), else Swift's shortest round-tripping form (`0.005`, `1e-05`).
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
