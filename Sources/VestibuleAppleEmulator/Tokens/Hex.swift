/// Lowercase hexadecimal, the spelling of the 32 hex digits in `sub` and in Apple's codes and tokens.
enum Hex {
    static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
