/// One of BudouX's thirteen features: the characters around a candidate break that a model weighs.
///
/// A candidate break lies before the character at position `i`. Unigram features read one character at an offset
/// from `i` (UW1 reads `i − 3` … UW6 reads `i + 2`), bigram features two neighbours (BW1 `i − 2, i − 1` …
/// BW3 `i, i + 1`), trigram features three (TW1 `i − 3 … i − 1` … TW4 `i … i + 2`). A feature that would read
/// outside the text does not count.
enum PhraseFeature: Int, CaseIterable, Sendable {
    case uw1, uw2, uw3, uw4, uw5, uw6, bw1, bw2, bw3, tw1, tw2, tw3, tw4

    /// The feature's name in a model file (`UW1`).
    var name: String {
        switch self {
        case .uw1: "UW1"
        case .uw2: "UW2"
        case .uw3: "UW3"
        case .uw4: "UW4"
        case .uw5: "UW5"
        case .uw6: "UW6"
        case .bw1: "BW1"
        case .bw2: "BW2"
        case .bw3: "BW3"
        case .tw1: "TW1"
        case .tw2: "TW2"
        case .tw3: "TW3"
        case .tw4: "TW4"
        }
    }

    /// The offsets from the candidate position of the characters it reads, first to last.
    var offsets: ClosedRange<Int> {
        switch self {
        case .uw1: -3 ... -3
        case .uw2: -2 ... -2
        case .uw3: -1 ... -1
        case .uw4: 0...0
        case .uw5: 1...1
        case .uw6: 2...2
        case .bw1: -2 ... -1
        case .bw2: -1...0
        case .bw3: 0...1
        case .tw1: -3 ... -1
        case .tw2: -2...0
        case .tw3: -1...1
        case .tw4: 0...2
        }
    }

    /// Up to three characters as one number, 21 bits each (a scalar needs at most 21), so looking a feature up
    /// builds no string. ``PhraseSegmenter`` packs the text's characters the same way, inline.
    static func key(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
        scalars.reduce(0) { $0 << 21 | UInt64($1.value) }
    }
}
