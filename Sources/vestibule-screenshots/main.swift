import Foundation

exit(ScreenshotCommand.main(Array(CommandLine.arguments.dropFirst())))
