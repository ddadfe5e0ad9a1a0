import Foundation

extension Double {
    /// The number as SVG attributes, CSS and messages write it: at most two decimals, no trailing zeros
    /// ("18.92", "44", "0.5"). Hundredths of a point are below what any screen shows.
    package var cssNumber: String { decimal(places: 2) }

    /// At most `places` decimals, no trailing zeros: rem lengths need four to stay exact (1/16 = 0.0625).
    package func decimal(places: Int) -> String {
        var text = String(format: "%.\(places)f", self)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
