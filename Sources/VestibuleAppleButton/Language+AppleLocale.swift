import VestibuleLocalization
extension Language {
    /// The locale Apple's button services take (`locale=`); each of ours is in Apple's list.
    package var appleLocale: String {
        switch self {
        case .english: "en_US"
        case .japanese: "ja_JP"
        case .german: "de_DE"
        case .arabic: "ar_SA"
        }
    }
}
