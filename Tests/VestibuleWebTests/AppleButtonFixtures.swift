import Foundation
import VestibuleAppleButton

/// The test artwork next to these tests: plain shapes in the proportions of Apple's artwork, made for the
/// tests and clearly not Apple's logo, which Vestibule never ships.
enum AppleButtonFixtures {
    static let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
    /// 31 × 44, the proportions of Apple's medium logo-and-title artwork.
    static let artworkURL = directory.appending(path: "test-artwork.svg")
    /// 44 × 44, the proportions of Apple's logo-only artwork.
    static let squareArtworkURL = directory.appending(path: "test-artwork-square.svg")

    static func artwork() throws -> AppleButtonArtwork {
        try AppleButtonArtwork(contentsOf: artworkURL)
    }

    static func squareArtwork() throws -> AppleButtonArtwork {
        try AppleButtonArtwork(contentsOf: squareArtworkURL)
    }
}
