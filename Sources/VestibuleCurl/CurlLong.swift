/// A value libcurl reads as a C `long`: a number, a switch (1 or 0) or a named value of an enumerated option.
public protocol CurlLong: Sendable {
    var curlLong: Int { get }
}

extension Int: CurlLong {
    public var curlLong: Int { self }
}
