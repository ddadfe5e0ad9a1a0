import Foundation
import VestibuleCore
import VestibuleHTML
import VestibuleHTTP

/// The address a sign-up or a password reset is confirming with a mailed code, kept by the browser that asked.
///
/// The code pages show it and post it back. They once read it from `?email=`, so anyone's link could make them
/// say anything (issue #13, finding 5); now it comes only from this cookie, which only the answer to that
/// browser's own form sets, and which is read back only if it is still an email address.
extension Pages {
    var pendingAddressCookie: HostCookie {
        HostCookie(
            baseName: "vestibule_address", secure: site.configuration.secure,
            maxAge: Int(site.services.passwords.codeLifetime.components.seconds)
        )
    }

    func pendingAddress(of request: Request) -> EmailAddress? {
        guard let value = pendingAddressCookie.value(in: request), let text = value.removingPercentEncoding else { return nil }
        return try? EmailAddress(text)
    }

    /// Keeps `address` for the code pages (percent-encoded: a cookie value cannot hold every character an address can).
    func rememberPendingAddress(_ address: EmailAddress, on response: inout Response) throws(CookieError) {
        try pendingAddressCookie.set(PercentEncoding.queryValue(address.value), on: &response)
    }
}
