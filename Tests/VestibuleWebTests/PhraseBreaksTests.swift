import Testing
@testable import VestibuleHTML

/// A Japanese page's text gets a `<wbr>` at each phrase boundary, and nothing else of the page changes.
@Suite struct PhraseBreaksTests {
    func japanese(_ html: HTML) -> String {
        PhraseBreaks.insert(into: html, language: "ja").rendered
    }

    @Test func japaneseTextBreaksBetweenPhrases() {
        #expect(japanese("<h1>アカウントを作成</h1>") == "<h1>アカウントを<wbr>作成</h1>")
        #expect(japanese("<p>戻る前にアカウントを作成</p>") == "<p>戻る<wbr>前に<wbr>アカウントを<wbr>作成</p>")
    }

    /// An emergency break (a phrase wider than its line) ignores kinsoku: the character before closing
    /// punctuation is kept with it, so no line starts with "。" or "」".
    @Test func closingPunctuationIsKeptWithTheCharacterBeforeIt() {
        #expect(japanese("<p>本人確認します。パスワード</p>") == #"<p>本人確認しま<span class="kinsoku">す。</span><wbr>パスワード</p>"#)
        #expect(japanese("<p>「坊っちゃん」、</p>").contains(#"<span class="kinsoku">ん」、</span>"#), "a run of them, once")
        #expect(!japanese("<p>はい 。</p>").contains("kinsoku"), "after a space the line may break anyway")
    }

    @Test(arguments: ["en", "de", "ar", "jam", ""])
    func aPageInAnotherLanguageIsLeftAsItIs(_ language: String) {
        let html: HTML = "<h1>アカウントを作成</h1>"
        #expect(PhraseBreaks.insert(into: html, language: language) == html)
    }

    @Test func aRegionalJapaneseTagIsJapanese() {
        #expect(PhraseBreaks.insert(into: "<h1>アカウントを作成</h1>", language: "ja-JP").rendered.contains("<wbr>"))
    }

    @Test func textSplitByAnInlineElementIsSegmentedPerRun() {
        #expect(japanese("<p><a href=\"/a\">アカウントを作成</a>する</p>") == "<p><a href=\"/a\">アカウントを<wbr>作成</a>する</p>")
    }

    @Test func attributeValuesAreLeftAsTheyAre() {
        // A quote opens a value only after `=`: the apostrophe in the name does not hide the `>`.
        let html: HTML = "<p title=\"アカウントを作成\" data-it's=\"a>b\" alt='アカウントを作成'>アカウントを作成</p>"
        #expect(japanese(html) == "<p title=\"アカウントを作成\" data-it's=\"a>b\" alt='アカウントを作成'>アカウントを<wbr>作成</p>")
    }

    @Test(arguments: [
        "<title>アカウントを作成</title>", "<script>const s = 'アカウントを作成'; if (a < b) {}</script>",
        "<style>p::after { content: 'アカウントを作成' }</style>", "<textarea>アカウントを作成</textarea>",
        "<pre>アカウントを作成</pre>", "<select><option>アカウントを作成</option><option>パスワードでサインイン</select>",
        "<svg><text>アカウントを作成</text><svg><text>作成</text></svg><text>アカウントを作成</text></svg>",
        "<math><mi>アカウントを作成</mi></math>", "<!-- アカウントを作成 -->", "<!doctype html>",
        "<TITLE>アカウントを作成</TITLE >",
    ])
    func elementsWhoseTextMustNotChangeAreLeftAsTheyAre(_ source: String) {
        let html = HTML(trusted: source)
        #expect(japanese(html) == source)
    }

    @Test func textAfterALeftElementIsBrokenAgain() {
        let html: HTML = "<pre>作成</pre><svg/><p>アカウントを作成</p><title>作成</title><p>アカウントを作成</p>"
        #expect(japanese(html) == "<pre>作成</pre><svg/><p>アカウントを<wbr>作成</p><title>作成</title><p>アカウントを<wbr>作成</p>")
    }

    @Test func anEntityStaysWholeAndIsReadAsItsCharacter() {
        let text = "利用規約&プライバシーに同意します「\"ようこそ\"」"
        let html: HTML = "<p>\(text)</p>"
        let broken = japanese(html)
        // BudouX cuts the text as read: 利用規約&プライバシーに | 同意します | 「"ようこそ | "」
        #expect(broken == #"<p>利用規約&amp;プライバシーに<wbr>同意します<wbr>「&quot;ようこそ<wbr><span class="kinsoku">&quot;」</span></p>"#)
        #expect(broken.withoutPhraseMarkup == html.rendered)
    }

    @Test func latinWordsAndEmailAddressesAndSpacesGetNoBreak() {
        #expect(japanese("<p>ada@example.comに確認コードを送信しました</p>") == "<p>ada@example.comに<wbr>確認コードを<wbr>送信しました</p>")
        #expect(japanese("<p>コードは 10分間 有効です</p>") == "<p>コードは 10分間 有効です</p>")
        #expect(japanese("<p>Vestibule is a sign-in service</p>") == "<p>Vestibule is a sign-in service</p>")
    }
}

extension String {
    /// The text as written, without what ``PhraseBreaks`` adds to a Japanese page: its `<wbr>`s, and the
    /// spans that keep closing punctuation with the character before it.
    var withoutPhraseMarkup: String {
        replacingOccurrences(of: "<wbr>", with: "").replacing(/<span class="kinsoku">(.*?)<\/span>/) { String($0.1) }
    }
}
