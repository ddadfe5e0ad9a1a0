import Foundation
import VestibuleWebDriver

/// `vestibule-screenshots`: pictures of the running demo in headless Chromium, for the README and for design
/// reviews, so they are retaken rather than kept by hand.
enum ScreenshotCommand {
    static let usage = """
        usage: vestibule-screenshots --set readme|review --out DIR [--vestibule URL] [--bookstore URL]

        Takes pictures of the demo that `make run` (or scripts/screenshots.sh) serves, in headless Chromium
        (chromium and chromium-driver, which `make test` installs), and writes them as PNG files into DIR.

          --set readme     the README's tour: the bookstore, buying a book, creating an account with a passkey,
                           back at the shop, "Your data", then the sign-in page in Japanese at 312 % text
          --set review     the sign-in page, the account page and "Your data" in English and Japanese, at 100 %
                           and 312 % text, 390 px wide (a new account is made with a virtual passkey)
          --out DIR        where the pictures go (created if missing; files of the same name are replaced)
          --vestibule URL  Vestibule's public URL (default http://localhost:8080)
          --bookstore URL  the demo bookstore's URL (default http://localhost:8090)

        `make screenshots` starts a demo on ports of its own and retakes the README's pictures in docs/screenshots.
        Exit status: 0 when every picture was written, 1 when a step failed, 64 for a usage error.
        """

    static func main(_ arguments: [String]) -> Int32 {
        var set: ScreenshotSet?
        var folder: String?
        var demo = DemoOrigins()
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            if option == "--help" || option == "-h" {
                print(usage)
                return 0
            }
            guard let value = remaining.popFirst() else { return usageError("\(option) needs a value") }
            switch option {
            case "--set":
                guard let chosen = ScreenshotSet(rawValue: value) else { return usageError("--set is readme or review") }
                set = chosen
            case "--out": folder = value
            case "--vestibule": demo.vestibule = value
            case "--bookstore": demo.bookstore = value
            default: return usageError("unknown option \(option)")
            }
        }
        guard let set, let folder else { return usageError("--set and --out are required") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let driver = try ChromeDriver()
            defer { driver.shutdown() }
            try set.take(with: driver, demo: demo, folder: folder)
            return 0
        } catch {
            FileHandle.standardError.write(Data("vestibule-screenshots: \(error)\n".utf8))
            return 1
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("vestibule-screenshots: \(message)\n\n\(usage)\n".utf8))
        return 64
    }
}
