/// How wide a title sets, estimated without a font: the server cannot measure text, yet it must refuse a
/// button too narrow for its title (SIWA-28).
///
/// The advances are the widest of each group of similar letters in the sans-serif system font at weight 500
/// (measured in Chromium: the twelve titles set 0 to 3 % narrower than estimated, Arabic within 12 %).
/// Japanese kana and kanji are a full em; Arabic letters, joined and with their final forms, about half an
/// em. The renderer sets the title to exactly this width (`textLength`), so a font a little wider or
/// narrower is scaled to it and the trailing margin holds in every font.
package enum AppleButtonTitleMetrics {
    /// The estimated width of `text` set at `fontSize`, in the same unit.
    package static func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ems($1) } * fontSize
    }

    private static func ems(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20: return 0.27
        case 0x3000...0x9FFF, 0xFF00...0xFFEF: return 1.0
        case 0x0600...0x06FF: return 0.5
        default: break
        }
        switch Character(scalar) {
        case "i", "j", "l": return 0.26
        case "f", "t": return 0.37
        case "r": return 0.42
        case "c", "s", "z": return 0.49
        case "a", "e", "k", "v", "x", "y": return 0.57
        case "b", "d", "g", "h", "n", "o", "p", "q", "u": return 0.62
        case "w": return 0.79
        case "m": return 0.94
        case "I", "J": return 0.34
        case "M", "W": return 0.93
        case "C", "D", "G", "H", "N", "O", "Q", "U": return 0.79
        case "A"..."Z": return 0.66
        default: return 0.6
        }
    }
}
