import Foundation
import Testing
import VestibulePhrases

/// Every value of the Japanese catalogs (Vestibule's and the bookstore's) is cut exactly as BudouX 0.10.1's own
/// Python parser cuts it, and the embedded model is the package's. Runs where `python3 -c "import budoux"` works
/// (`pip install budoux==0.10.1`); elsewhere it is skipped and the known answers of ``PhraseSegmenterTests`` remain.
@Suite(.enabled(if: BudouX.isInstalled, "needs python3 with budoux 0.10.1 (pip install budoux==0.10.1)"))
struct BudouXComparisonTests {
    static let catalogs = [
        "Sources/VestibuleLocalization/Resources/Strings/ja.json", "Sources/VestibuleBookstore/Resources/Strings/ja.json",
    ]

    @Test func everyJapaneseCatalogValueIsCutAsBudouXCutsIt() throws {
        var texts: [String] = []
        for catalog in Self.catalogs {
            let data = try Data(contentsOf: BudouX.packageRoot.appendingPathComponent(catalog))
            texts += try JSONDecoder().decode([String: String].self, from: data).values.sorted()
        }
        #expect(texts.count > 300)
        let expected = try BudouX.phrases(of: texts)
        #expect(expected.count == texts.count)
        for (text, phrases) in zip(texts, expected) {
            #expect(PhraseSegmenter.japanese.phrases(text) == phrases, "\(text)")
        }
    }

    @Test func theEmbeddedModelIsBudouXsJapaneseModel() throws {
        #expect(try PhraseModel(json: try BudouX.japaneseModelJSON()) == PhraseModel.japanese)
    }
}

/// The Python package, run as a process.
enum BudouX {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The version the embedded model comes from: another one may cut differently, and is no reference.
    static let isInstalled: Bool = (try? version()) == "0.10.1"

    static func version() throws -> String {
        try python("import budoux, sys; sys.stdout.write(budoux.__version__)", input: Data())
    }

    static func japaneseModelJSON() throws -> String {
        try python(
            "import budoux, os, sys; sys.stdout.write(open(os.path.join(os.path.dirname(budoux.__file__), "
                + "'models', 'ja.json'), encoding='utf-8').read())",
            input: Data()
        )
    }

    /// Each text's phrases, by `budoux.load_default_japanese_parser().parse`.
    static func phrases(of texts: [String]) throws -> [[String]] {
        let script = "import budoux, json, sys; p = budoux.load_default_japanese_parser(); "
            + "sys.stdout.write(json.dumps([p.parse(t) for t in json.load(sys.stdin)]))"
        let output = try python(script, input: try JSONEncoder().encode(texts))
        return try JSONDecoder().decode([[String]].self, from: Data(output.utf8))
    }

    private static func python(_ script: String, input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: output, as: UTF8.self)
    }
}
