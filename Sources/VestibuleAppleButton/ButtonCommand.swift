import Foundation
import VestibuleCommandLine
import VestibuleLocalization

/// `vestibule button`: draws a custom Sign in with Apple button as an SVG file, around the operator's copy
/// of Apple's logo artwork, and refuses what the guidelines do not allow with one sentence saying why.
public struct ButtonCommand {
    public static let help = """
        Usage: vestibule button --artwork FILE --width POINTS [--height POINTS] [--radius POINTS]
                                [--style black|white|white-outline] [--title sign-in|sign-up|continue]
                                [--logo-only] [--language en|ja|de|ar] [--output FILE]

        Draws a custom Sign in with Apple button as an SVG file and prints it, or writes it to --output.
        Vestibule ships no Apple logo: download the logo artwork from Apple Design Resources and pass the
        SVG file made for the style (the "black" file for --style black). It is embedded unchanged at the
        button's full height; the title is set at 43 % of the height and at least 8 % of the width stays
        clear after it. Keep a tenth of the height clear around the button wherever you place it.

          --artwork FILE  Apple's logo artwork, SVG. Required.
          --width         Points: at least 140 and wide enough for the title. Required unless --logo-only.
          --height        Points: at least 30. Default 44, the recommended height.
          --radius        Corner radius in points, from 0 (square) to half the height (pill or circle).
                          Default 15 % of the height, as Apple's web button.
          --style         black (default) or white-outline for light backgrounds; white for dark ones.
          --title         sign-in (default), sign-up or continue: the title every page uses.
          --logo-only     A square button with the logo alone, from Apple's logo-only artwork.
          --language      The title's language: en (default), ja, de or ar.
          --output FILE   Where to write the SVG instead of printing it.

        Exit status: 0 done; 65 the artwork is not usable; 66 the artwork cannot be read; 73 the output
        cannot be written; 78 a size or setting the guidelines do not allow.
        """

    let arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Draws the button; returns the exit status.
    public func run() -> Int32 {
        do {
            let options = try Options(arguments)
            let artwork = try AppleButtonArtwork(contentsOf: URL(fileURLWithPath: options.artwork))
            let size = options.logoOnly
                ? try AppleButtonSize(side: options.height, cornerRadius: options.radius)
                : try AppleButtonSize(width: options.width, height: options.height, cornerRadius: options.radius)
            let svg = try AppleButtonRenderer(catalog: StringCatalog(language: options.language)).svg(
                title: options.title,
                logoOnly: options.logoOnly,
                size: size,
                style: options.style,
                artwork: artwork
            )
            guard let output = options.output else {
                print(svg)
                return 0
            }
            do {
                try Data((svg + "\n").utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                printError("vestibule button: cannot write \(output): \(error.localizedDescription)")
                return 73  // EX_CANTCREAT
            }
            return 0
        } catch let error as AppleButtonError {
            printError("vestibule button: \(error)")
            switch error.code {
            case .artworkUnreadable: return 66  // EX_NOINPUT
            case let code where code.isAboutArtwork: return 65  // EX_DATAERR
            default: return 78  // EX_CONFIG, as for `serve`'s settings
            }
        } catch let error as OptionError {
            printError("vestibule button: \(error)\n\nRun `vestibule button --help` for every option.")
            return 78
        } catch {
            printError("vestibule button: \(error)")
            return 70  // EX_SOFTWARE: a string catalog missing from the build
        }
    }

    /// A command line the command refuses; the message says what to change.
    struct OptionError: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) { self.description = description }
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The command line, read strictly: an unknown option or a value that is not one of the choices is
    /// refused rather than ignored.
    struct Options {
        var artwork = ""
        /// The height again for a logo-only button.
        var width = 0.0
        var height = AppleButtonSize.recommendedHeight
        var radius: Double?
        var style = AppleButtonStyle.black
        var title = AppleButtonTitle.signIn
        var logoOnly = false
        var language = Language.english
        var output: String?

        private static let parser = CommandLineParser(
            ["--artwork", "--output", "--width", "--height", "--radius", "--style", "--title", "--language"]
                .map(CommandLineOption.value) + [.flag("--logo-only")]
        )

        /// An option given twice counts the last time.
        init(_ arguments: [String]) throws(OptionError) {
            let options: ParsedCommandLine
            do throws(CommandLineError) {
                options = try Self.parser.parse(arguments)
            } catch let error where error.code == .unknownOption {
                throw OptionError("Unknown option \"\(error.argument)\".")
            } catch {
                throw OptionError(error.description)
            }
            /// The option's value as `convert` reads it, nil when it is not given.
            func read<Value>(_ name: String, _ convert: (String, String) throws(OptionError) -> Value)
                throws(OptionError) -> Value?
            {
                try options.value(of: name).map { value throws(OptionError) in try convert(value, name) }
            }
            logoOnly = options.contains("--logo-only")
            output = options.value(of: "--output")
            let width = try read("--width", Self.points)
            height = try read("--height", Self.points) ?? height
            radius = try read("--radius", Self.points)
            style = try read("--style", Self.choice) ?? style
            title = try read("--title", Self.choice) ?? title
            language = try read("--language", Self.choice) ?? language
            guard let artwork = options.value(of: "--artwork") else {
                throw OptionError("--artwork is required: Vestibule draws no Apple logo of its own.")
            }
            self.artwork = artwork
            if logoOnly, let width, width != height {
                throw OptionError(
                    "A logo-only button is square: leave out --width, or make it equal to --height."
                )
            }
            guard let width = logoOnly ? height : width else {
                throw OptionError("--width is required for a button with a title (at least 140).")
            }
            self.width = width
        }

        private static func points(_ value: String, for name: String) throws(OptionError) -> Double {
            guard let number = Double(value), number.isFinite else {
                throw OptionError("\(name): \"\(value)\" is not a number of points.")
            }
            return number
        }

        private static func choice<Value: RawRepresentable & CaseIterable>(_ value: String, for name: String)
            throws(OptionError) -> Value where Value.RawValue == String
        {
            guard let chosen = Value(rawValue: value) else {
                let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw OptionError("\(name): \"\(value)\" is not one of \(choices).")
            }
            return chosen
        }
    }
}
