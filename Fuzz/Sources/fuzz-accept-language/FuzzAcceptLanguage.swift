import FuzzSupport
import VestibuleHTTP
import VestibuleLocalization

/// `Accept-Language` negotiation, on every page request.
///
/// Oracles (metamorphic, since there is no second implementation): the choice is one of the supported languages;
/// when one is chosen among all, it is also chosen when it alone is supported; when none is chosen among all, none
/// is chosen among any one of them; the page language follows it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcceptLanguage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let header = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let supported = Language.allCases.map(\.tag)
    let choice = AcceptLanguage.bestMatch(among: supported, in: header)
    if let choice {
        Oracle.require(supported.contains(choice), "chose \(choice), which is not supported")
        Oracle.require(AcceptLanguage.bestMatch(among: [choice], in: header) == choice, "\(choice) alone was refused")
        Oracle.require(Language.negotiate(explicit: nil, acceptLanguage: header).tag == choice, "the page ignores it")
    } else {
        for tag in supported {
            Oracle.require(AcceptLanguage.bestMatch(among: [tag], in: header) == nil, "\(tag) alone was chosen")
        }
    }
    return 0
}
