import Testing
import VestibulePhrases

/// Known answers of BudouX 0.10.1's Python parser (`budoux.load_default_japanese_parser().parse`), so the
/// segmentation is checked on every machine, with or without Python.
@Suite struct PhraseSegmenterTests {
    @Test(arguments: [
        ("アカウントを作成", ["アカウントを", "作成"]),
        ("Appleでサインイン", ["Appleで", "サインイン"]),
        ("パスワードでサインイン", ["パスワードで", "サインイン"]),
        ("メールアドレスを入力してください。", ["メールアドレスを", "入力してください。"]),
        ("今日は天気です。", ["今日は", "天気です。"]),
        ("確認コード", ["確認コード"]),
        (
            "Vestibuleへようこそ。サインインが必要になるのは、何かを保存したいときです。",
            ["Vestibuleへ", "ようこそ。", "サインインが", "必要に", "なるのは、", "何かを", "保存したい", "ときです。"]
        ),
    ])
    func japaneseIsCutWhereBudouXCutsIt(_ text: String, _ phrases: [String]) {
        #expect(PhraseSegmenter.japanese.phrases(text) == phrases)
    }

    @Test func emptyTextHasNoPhraseAndOneCharacterIsOne() {
        #expect(PhraseSegmenter.japanese.phrases("") == [])
        #expect(PhraseSegmenter.japanese.phrases("あ") == ["あ"])
    }

    @Test func aPhraseNeverStartsAtTheEdgesOfTheText() {
        let scalars = Array("アカウントを作成".unicodeScalars)
        #expect(!PhraseSegmenter.japanese.startsPhrase(at: 0, in: scalars))
        #expect(!PhraseSegmenter.japanese.startsPhrase(at: scalars.count, in: scalars))
        #expect(PhraseSegmenter.japanese.startsPhrase(at: 6, in: scalars))
    }

    @Test func aModelOfOneFeatureStartsAPhraseWhereItsWeightPassesHalfTheTotal() throws {
        // Total 4, so a phrase starts where the weights seen sum to more than 2: before "b" (UW4 b = 3).
        let model = try PhraseModel(json: #"{"UW4": {"b": 3, "c": 1}}"#)
        #expect(PhraseSegmenter(model: model).phrases("abcb") == ["a", "bc", "b"])
    }

    @Test func aModelWithAnUnknownFeatureOrAWrongLengthIsRefused() {
        #expect(throws: PhraseModelError.self) { try PhraseModel(json: #"{"UW9": {"a": 1}}"#) }
        #expect(throws: PhraseModelError.self) { try PhraseModel(json: #"{"BW1": {"abc": 1}}"#) }
    }
}
