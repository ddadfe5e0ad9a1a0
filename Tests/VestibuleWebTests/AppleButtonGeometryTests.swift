import Testing
@testable import VestibuleAppleButton

/// SIWA-19, SIWA-20, SIWA-24, SIWA-26, SIWA-28, SIWA-29, SIWA-31, SIWA-33: every dimension of a custom
/// button follows from its size, and sizes the guidelines do not allow are refused with the reason.
@Suite struct AppleButtonGeometryTests {
    /// The proportions of Apple's medium logo-and-title artwork, as in the test artwork.
    let logoAspectRatio = 31.0 / 44.0

    @Test(arguments: [(160.0, 30.0), (220, 40), (280, 44), (300, 56), (375, 64)])
    func everyDimensionFollowsTheGuidelines(width: Double, height: Double) throws {
        let size = try AppleButtonSize(width: width, height: height)
        let geometry = try AppleButtonGeometry(
            size: size, title: "Sign in with Apple", logoAspectRatio: logoAspectRatio, rightToLeft: false
        )
        let title = try #require(geometry.title)
        #expect(title.fontSize == height * 0.43)
        #expect(title.centerY == height / 2)
        #expect(geometry.logoHeight == height)
        #expect(geometry.logoWidth == height * logoAspectRatio)
        #expect(geometry.logoX >= 0)
        // The title starts after the logo and ends at least 8 % of the width before the trailing edge.
        #expect(title.centerX - title.width / 2 >= geometry.logoX + geometry.logoWidth - 1e-9)
        #expect(title.trailingMargin >= width * 0.08 - 1e-9)
        #expect(abs(width - (title.centerX + title.width / 2) - title.trailingMargin) < 1e-9)
        #expect(abs(size.surroundingMargin - height / 10) < 1e-9)
    }

    @Test func theRecommendedButtonMatchesTheGuidelinesExample() throws {
        // The guidelines' example: a 44 pt button has a 19 pt title (43 %, rounded to whole points).
        let geometry = try AppleButtonGeometry(
            size: AppleButtonSize(width: 280, height: 44, cornerRadius: 8),
            title: "Continue with Apple",
            logoAspectRatio: logoAspectRatio,
            rightToLeft: false
        )
        let title = try #require(geometry.title)
        #expect(abs(title.fontSize - 18.92) < 1e-9)
        #expect(title.fontSize.rounded() == 19)
        #expect(geometry.logoWidth == 31)
        // With room to spare, logo and title sit in the middle like Apple's button: equal space each side.
        #expect(abs(geometry.logoX - title.trailingMargin) < 1e-9)
        #expect(title.trailingMargin > 280 * 0.08)
    }

    @Test func aTightButtonKeepsExactlyTheTrailingMargin() throws {
        let loose = try AppleButtonGeometry(
            size: AppleButtonSize(width: 375, height: 64), title: "Continue with Apple",
            logoAspectRatio: logoAspectRatio, rightToLeft: false
        )
        let needed = try #require(loose.title).width + loose.logoWidth
        // Just wide enough: centering would push the title into the margin, so the group moves toward the
        // leading edge and the margin is exactly 8 %.
        let width = (needed / 0.92 + 1).rounded(.up)
        let tight = try AppleButtonGeometry(
            size: AppleButtonSize(width: width, height: 64), title: "Continue with Apple",
            logoAspectRatio: logoAspectRatio, rightToLeft: false
        )
        let title = try #require(tight.title)
        #expect(abs(title.trailingMargin - width * 0.08) < 1e-9)
        #expect(tight.logoX < title.trailingMargin)
    }

    @Test func rightToLeftMirrorsTheLayoutSoTheTrailingEdgeIsTheLeft() throws {
        let size = try AppleButtonSize(width: 320, height: 44)
        let text = "تسجيل الدخول باستخدام Apple"
        let ltr = try AppleButtonGeometry(size: size, title: text, logoAspectRatio: logoAspectRatio, rightToLeft: false)
        let rtl = try AppleButtonGeometry(size: size, title: text, logoAspectRatio: logoAspectRatio, rightToLeft: true)
        let ltrTitle = try #require(ltr.title)
        let rtlTitle = try #require(rtl.title)
        #expect(abs(rtl.logoX - (320 - ltr.logoX - ltr.logoWidth)) < 1e-9)
        #expect(abs(rtlTitle.centerX - (320 - ltrTitle.centerX)) < 1e-9)
        // The logo is on the right and the margin after the title is on the left.
        #expect(rtl.logoX > rtlTitle.centerX)
        #expect(abs(rtlTitle.centerX - rtlTitle.width / 2 - rtlTitle.trailingMargin) < 1e-9)
        #expect(rtlTitle.trailingMargin >= 320 * 0.08 - 1e-9)
    }

    @Test func aTitleTooWideForTheButtonIsRefusedWithTheWidthThatFits() throws {
        let size = try AppleButtonSize(width: 140, height: 30)
        let error = try #require(throws: AppleButtonError.self) {
            try AppleButtonGeometry(size: size, title: "Continue with Apple", logoAspectRatio: logoAspectRatio, rightToLeft: false)
        }
        #expect(error.code == .titleDoesNotFit)
        #expect(error.description.contains("“Continue with Apple” needs a button about 161 pt wide"))
        #expect(error.description.contains("12.9 pt (43 % of the height"))
        // The width the message names is enough.
        _ = try AppleButtonGeometry(
            size: AppleButtonSize(width: 161, height: 30), title: "Continue with Apple",
            logoAspectRatio: logoAspectRatio, rightToLeft: false
        )
    }

    @Test(arguments: [(139.0, 44.0), (140, 29.5), (100, 20)])
    func sizesBelowTheMinimumAreRefused(width: Double, height: Double) throws {
        let error = try #require(throws: AppleButtonError.self) { try AppleButtonSize(width: width, height: height) }
        #expect(error.code == .tooSmall)
        #expect(error.description.contains("below the minimum of 140 × 30 pt"))
    }

    @Test func theMinimumSizeItselfIsAccepted() throws {
        let size = try AppleButtonSize(width: 140, height: 30)
        #expect(size.width == 140 && size.height == 30)
    }

    @Test func theCornerRadiusRunsFromSquareToPillAndNoFurther() throws {
        #expect(try AppleButtonSize(width: 280, height: 44, cornerRadius: 0).cornerRadius == 0)
        #expect(try AppleButtonSize(width: 280, height: 44, cornerRadius: 22).cornerRadius == 22)
        // Apple's web button's default: 15 % of the height.
        #expect(try AppleButtonSize(width: 280, height: 44).cornerRadius == 44 * 0.15)
        let tooRound = try #require(throws: AppleButtonError.self) {
            try AppleButtonSize(width: 280, height: 44, cornerRadius: 22.5)
        }
        #expect(tooRound.code == .radiusTooLarge)
        #expect(tooRound.description.contains("more than half the 44 pt height"))
        for radius in [-1, Double.nan, .infinity] {
            let error = try #require(throws: AppleButtonError.self) {
                try AppleButtonSize(width: 280, height: 44, cornerRadius: radius)
            }
            #expect(error.code == .notANumber)
        }
    }

    @Test func aLogoOnlyButtonIsASquareFilledByTheArtwork() throws {
        let geometry = try AppleButtonGeometry(logoOnly: AppleButtonSize(side: 44, cornerRadius: 22))
        #expect(geometry.title == nil)
        #expect(geometry.logoX == 0)
        #expect(geometry.logoWidth == 44 && geometry.logoHeight == 44)
        #expect(geometry.size.cornerRadius == 22)
        #expect(abs(geometry.size.surroundingMargin - 4.4) < 1e-9)
        // The smallest button Apple draws is 30 points high, logo-only ones included.
        #expect(try AppleButtonSize(side: 30).width == 30)
        let tooSmall = try #require(throws: AppleButtonError.self) { try AppleButtonSize(side: 29) }
        #expect(tooSmall.code == .tooSmall)
        #expect(tooSmall.description.contains("below the minimum of 30 × 30 pt"))
    }

    @Test func aLogoOnlyButtonThatIsNotSquareIsRefused() throws {
        let error = try #require(throws: AppleButtonError.self) {
            try AppleButtonGeometry(logoOnly: AppleButtonSize(width: 280, height: 44))
        }
        #expect(error.code == .notSquare)
    }

    @Test func titleWidthsAreEstimatedPerScript() {
        // Latin by letter shape, kana and kanji a full em, Arabic half an em.
        #expect(abs(AppleButtonTitleMetrics.width(of: "ill", fontSize: 10) - 7.8) < 1e-9)
        #expect(AppleButtonTitleMetrics.width(of: "サインイン", fontSize: 10) == 50)
        #expect(AppleButtonTitleMetrics.width(of: "باستخدام", fontSize: 10) == 40)
        #expect(AppleButtonTitleMetrics.width(of: "Sign in with Apple", fontSize: 1) > 8.41)
    }
}
