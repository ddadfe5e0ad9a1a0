/// Development mode against production, decided once before anything opens: development conveniences (the
/// outbox page, trusting the Apple ID emulator) exist only where nobody else can reach them, and production has what it
/// cannot do without. A development server on the internet would hand every reset code to anyone who asks.
enum DeploymentMode {
    static func check(_ configuration: Configuration) throws(StartupError) {
        if configuration.development {
            if configuration.isSecure {
                throw StartupError(
                    "Development mode is for this machine only: it shows every email at /dev/outbox and may trust an "
                        + "Apple ID emulator, so it refuses an https public-url or behind-tls-proxy. "
                        + "Remove --development (and set smtp-url) to serve people."
                )
            }
            if !configuration.listensOnLoopbackOnly {
                throw StartupError(
                    "Development mode is for this machine only: it shows every email at /dev/outbox and may trust an "
                        + "Apple ID emulator, so it listens on a loopback address only (127.0.0.1, ::1 or "
                        + "localhost), not \(configuration.host). Remove --development (and set smtp-url) to serve people."
                )
            }
        } else if configuration.usesAppleEmulator {
            throw StartupError(
                "apple-issuer names an issuer other than Apple (\(configuration.appleIssuer ?? "")): that is the Apple ID "
                    + "emulator, which anyone could make sign in as anyone, so only development mode trusts it. Remove "
                    + "apple-issuer to sign in with Apple's servers."
            )
        } else if configuration.smtpURL == nil {
            throw StartupError(
                "Vestibule mails sign-up codes and password resets, and no mail server is set: set smtp-url (with "
                    + "smtp-username and VESTIBULE_SMTP_PASSWORD if the server asks for them). To try Vestibule on "
                    + "this machine without one, run `vestibule serve --development` (what `make run` does)."
            )
        }
    }
}
