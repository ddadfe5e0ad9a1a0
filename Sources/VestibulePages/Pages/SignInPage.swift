import VestibuleCore
import VestibuleHTML
import VestibuleLocalization

/// The sign-in page. Sign in with Apple first, in the first screen at every text size (SIWA-15), then one
/// more method, named on its button (AUTH-8, AUTH-10): the one this browser used last, or a passkey for
/// someone new. Each method is one block that holds its own words: the passkey's caption sits under the
/// passkey button wherever that button is, the password form keeps "Forgot your password?" in its card. The
/// remaining method waits behind "Other ways to sign in"; what signing in brings and how to get an account
/// (AUTH-4, SIWA-2, SIWA-4) come after all the methods, so they never split them. The email field also offers
/// passkeys through AutoFill (`username webauthn`). Sent by an app (a hand-off), the page names it.
enum SignInPage {
    static func render(
        in context: PageContext,
        benefits: String,
        primary: SignInMethod,
        apple: Bool = false,
        email: String = "",
        notice: String? = nil,
        error: String? = nil
    ) -> Page {
        let passwordForm = PostForm(
            action: "/sign-in",
            fields: [
                .email(context.text(.emailLabel), value: email, autocomplete: "username webauthn"),
                .currentPassword(context.text(.passwordLabel)),
            ],
            submitLabel: context.text(.signInWithPassword),
            error: error
        )
        let password: HTML = """
        <div class="card" data-method="password">
        \(passwordForm.html(in: context))
        <p><a href="/reset-password">\(context.text(.signInForgotPassword))</a></p>
        </div>
        """
        // Sign in with Apple comes first and is never behind a disclosure, so it is in the first screen at every
        // text size (SIWA-15); the remembered method follows it. The group holds buttons only, at one width and
        // one height (the tallest), so the Apple button is never smaller than another; the passkey's caption
        // follows the group, and the password card, too tall for the first screen at large sizes, comes after it.
        let appleButton: HTML = apple
            ? AppleSection.startButton(purpose: "sign-in", label: context.text(.signInWithApple), in: context)
            : HTML(text: "")
        let passkeyCaption = context.text(.signInPasskeyLead)
        // A refused password keeps the password form in view, whichever method leads.
        let (group, after, rest): (HTML, HTML, HTML) = if primary == .password || error != nil {
            (
                appleButton, password,
                otherWays(
                    PasskeyControl.button(
                        .signIn, label: context.text(.signInWithPasskey), caption: passkeyCaption, in: context
                    ),
                    passkeyOnly: true, in: context
                )
            )
        } else {
            (
                "\(appleButton)\(PasskeyControl.button(.signIn, label: context.text(.signInWithPasskey), in: context))",
                "<p class=\"method-caption\" data-passkey-only hidden>\(passkeyCaption)</p>",
                otherWays(password, passkeyOnly: false, in: context)
            )
        }
        let lead: HTML = context.continuingTo.map {
            "<p class=\"lead\" data-continuing-to>\(context.text(.signInContinuingTo, isolating: "app", $0))</p>"
        } ?? HTML(text: "")
        let noticeHTML = NoticePanel.html(notice)
        return Page(
            title: context.text(.signInTitle),
            main: """
            <h1>\(context.text(.signInTitle))</h1>
            \(lead)
            \(noticeHTML)
            <div class="sign-in-methods">
            \(group)
            </div>
            \(after)
            \(rest)
            <section class="panel" aria-labelledby="benefits-heading">
            <h2 id="benefits-heading">\(context.text(.signInBenefitsHeading))</h2>
            <p>\(benefits)</p>
            <p>\(context.text(.signInHowToGetAccount)) <a href="/sign-up">\(context.text(.signInCreateAccount))</a></p>
            </section>
            """
        )
    }

    /// The fallback behind a disclosure. When it holds only the passkey button, the script hides it in
    /// browsers without passkeys; when it holds the password form, the script opens it there instead.
    static func otherWays(
        _ content: HTML, passkeyOnly: Bool, summary: TextKey = .signInOtherWays, in context: PageContext
    ) -> HTML {
        let role: HTML = passkeyOnly ? "data-passkey-only hidden" : "data-passkey-fallback"
        return """
        <details class="other-ways" \(role)>
        <summary>\(context.text(summary))</summary>
        \(content)
        </details>
        """
    }
}
