import FoundationEssentials

/// A BudouX model: for each ``PhraseFeature``, the weight of each character n-gram it was trained on.
///
/// A phrase starts before a character when the weights of the features seen there add up to more than half of
/// all the model's weights (BudouX's base score is minus that half).
public struct PhraseModel: Sendable, Equatable {
    /// Per feature (indexed by its raw value), the weight of each n-gram, keyed by ``PhraseFeature/key(_:)``.
    let weights: [[UInt64: Int]]
    /// The sum of every weight of every feature.
    let total: Int

    /// Reads a model in BudouX's JSON form: `{"UW1": {"あ": 12, …}, "BW1": {"あい": −3, …}, …}`.
    ///
    /// - Throws: `DecodingError` when `json` is not that shape, and ``PhraseModelError`` when a feature is
    ///   unknown or an n-gram's length is not the feature's.
    public init(json: String) throws {
        let decoded = try JSONDecoder().decode([String: [String: Int]].self, from: Data(json.utf8))
        var weights = Array(repeating: [UInt64: Int](), count: PhraseFeature.allCases.count)
        var total = 0
        for (name, grams) in decoded {
            guard let feature = PhraseFeature.allCases.first(where: { $0.name == name }) else {
                throw PhraseModelError(message: "unknown feature \(name)")
            }
            for (gram, weight) in grams {
                guard gram.unicodeScalars.count == feature.offsets.count else {
                    throw PhraseModelError(message: "\(name) has the n-gram \(gram) of the wrong length")
                }
                weights[feature.rawValue][PhraseFeature.key(gram.unicodeScalars)] = weight
                total += weight
            }
        }
        self.weights = weights
        self.total = total
    }
}

/// A model file that is JSON but not a BudouX model.
public struct PhraseModelError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
