import Foundation
import FuzzSupport
import VestibuleAppleButton

/// The Apple logo artwork the operator supplies (SVG), read by `XMLParser` and checked for script and outside
/// references before any page embeds it.
///
/// Oracles: accepted artwork has a finite, positive size, and never declares XML entities.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGArtwork(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    guard let artwork = try? AppleButtonArtwork(svg: bytes) else { return 0 }
    Oracle.require(artwork.width.isFinite && artwork.width > 0, "accepted a width of \(artwork.width)")
    Oracle.require(artwork.height.isFinite && artwork.height > 0, "accepted a height of \(artwork.height)")
    Oracle.require(bytes.range(of: Data("<!ENTITY".utf8)) == nil, "accepted an entity declaration")
    Oracle.require(artwork.data == bytes, "the artwork is not embedded byte for byte")
    return 0
}
