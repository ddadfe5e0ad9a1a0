/// Cuts text into phrases, the units a line of Japanese should break between, with BudouX's algorithm: at each
/// position, the weights a ``PhraseModel`` gives the surrounding characters are summed, and a phrase starts there
/// when the sum passes the model's base score.
///
/// Characters are Unicode scalars, as in BudouX's reference implementations, so the answers match theirs.
///
/// ```swift
/// PhraseSegmenter.japanese.phrases("アカウントを作成") // ["アカウントを", "作成"]
/// ```
public struct PhraseSegmenter: Sendable {
    /// Segments with BudouX's Japanese model.
    public static let japanese = PhraseSegmenter(model: .japanese)

    public let model: PhraseModel

    public init(model: PhraseModel) {
        self.model = model
    }

    /// Each feature's index into the model's weights, and its offsets: computed once, since `allCases` builds
    /// its array at every use and a page asks at each of its Japanese characters.
    private static let features = PhraseFeature.allCases.map { ($0.rawValue, $0.offsets) }

    /// Whether a phrase starts at `index` of `scalars`; never at 0 or past the end.
    public func startsPhrase(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard index > 0, index < scalars.count else { return false }
        var sum = 0
        for (feature, offsets) in Self.features {
            let first = index + offsets.lowerBound, last = index + offsets.upperBound
            guard first >= 0, last < scalars.count else { continue }
            var key: UInt64 = 0
            for position in first...last { key = key << 21 | UInt64(scalars[position].value) }
            sum += model.weights[feature][key] ?? 0
        }
        // sum − total / 2 > 0, in integers.
        return 2 * sum > model.total
    }

    /// `text` cut into phrases; joined, they are `text` again.
    public func phrases(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var phrases: [String] = []
        var current = String.UnicodeScalarView()
        for index in scalars.indices {
            if startsPhrase(at: index, in: scalars) {
                phrases.append(String(current))
                current = String.UnicodeScalarView()
            }
            current.append(scalars[index])
        }
        if !current.isEmpty { phrases.append(String(current)) }
        return phrases
    }
}
