import Foundation
import Testing
import VestibuleHTML
@testable import VestibulePages

/// Static checks of the stylesheets every page links: the shared base (``BaseStylesheet``, where the Larger Text
/// foundations live) then `vestibule.css`. The rendered proof at every text size is the Larger Text audit's.
@Suite struct StylesheetTests {
    let css: String

    /// The rules of both, in the order pages link them, without their comments, which may name what they avoid.
    init() throws {
        let assets = try StaticAssets()
        let source = try [BaseStylesheet.path, StaticAssets.stylesheetPath].map { path in
            String(decoding: try #require(assets.body(at: path), "\(path)"), as: UTF8.self)
        }.joined(separator: "\n")
        css = source.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
    }

    /// LT-5: text, spacing and controls follow the reader's text size. The one pixel value allowed is the
    /// 16 px floor on form controls, which stops iOS from zooming on focus and never shrinks them.
    @Test func stylesheetSizesTextOnlyInRelativeUnits() {
        let pixelValues = matches(of: #"[0-9.]+px"#, in: css)
        #expect(pixelValues == ["16px"], "px lengths: \(pixelValues)")
        #expect(css.contains("font-size: max(1rem, 16px)"))
        #expect(matches(of: #"font-size:\s*[0-9.]+(vw|vh|pt)"#, in: css).isEmpty)
    }

    @Test func stylesheetNeverLocksHeightsOrCutsText() {
        #expect(matches(of: #"(^|[\s;{])height:"#, in: css).isEmpty, "fixed heights clip grown text (WCAG F69)")
        // The one nowrap: PhraseBreaks' kinsoku span, a character and the punctuation after it ("す。"), which
        // keeps the emergency break of a Japanese phrase from starting a line with "。" (PhraseBreaksTests).
        let kinsoku = ".kinsoku { white-space: nowrap; }"
        #expect(css.components(separatedBy: kinsoku).count == 2, "the kinsoku rule, once")
        #expect(!css.replacingOccurrences(of: kinsoku, with: "").contains("nowrap"))
        #expect(!css.contains("ellipsis"))
        #expect(!css.contains("line-clamp"))
        #expect(!css.contains("text-size-adjust: none"))
    }

    @Test func stylesheetFollowsDynamicTypeOnIOSAndStacksByContainerQuery() {
        #expect(css.contains("font: -apple-system-body"))
        #expect(css.contains("@container"))
        #expect(css.contains("font: inherit"), "form controls must inherit the text size (WCAG F80)")
    }

    /// Right-to-left pages mirror only if every direction is logical (inline-start/end), never left or right.
    @Test func stylesheetUsesOnlyLogicalDirections() {
        let physical = [
            #"(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)"#,
            #"-(left|right)-radius"#,
            #"(^|[\s;{])(left|right)\s*:"#,
            #"(text-align|float|clear)\s*:\s*(left|right)"#,
            #"background-position[^;]*\b(left|right)\b"#,
        ]
        for pattern in physical {
            #expect(matches(of: pattern, in: css).isEmpty, "physical direction: \(matches(of: pattern, in: css))")
        }
        // Four-value shorthands set left and right separately; two or three values keep them equal.
        let fourValueShorthands = matches(of: #"(^|[\s;{])(margin|padding|inset):\s*[^;\s]+\s+[^;\s]+\s+[^;\s]+\s+[^;\s]+\s*;"#, in: css)
        #expect(fourValueShorthands.isEmpty, "\(fourValueShorthands)")
    }

    /// Arabic needs fonts with its glyphs on systems without them (headless Chromium on Linux); the system
    /// fonts stay first.
    @Test func fontStackCoversArabicAfterTheSystemFonts() throws {
        let stack = try #require(matches(of: #"font-family:[^;]*;"#, in: css).first)
        #expect(stack.hasPrefix("font-family: -apple-system"))
        for font in ["\"Noto Sans Arabic\"", "\"Noto Naskh Arabic\"", "\"DejaVu Sans\""] {
            #expect(stack.contains(font), "\(font)")
        }
    }

    /// Author `display` rules beat the user agent's `[hidden]`; the control must stay hidden without script.
    @Test func textSizeControlStaysHiddenUntilTheScriptShowsIt() {
        #expect(css.contains(".text-size[hidden] { display: none; }"))
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!]).trimmingCharacters(in: .whitespaces)
        }
    }
}
