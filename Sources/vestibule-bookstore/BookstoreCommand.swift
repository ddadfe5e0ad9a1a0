import Foundation
import VestibuleBookstore
import VestibuleHTTPServer
import VestibuleLogging

/// `vestibule-bookstore [options]`: serves the demo bookstore until SIGINT or SIGTERM.
struct BookstoreCommand {
    let arguments: [String]

    func run() -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(BookstoreConfiguration.help)
            return 0
        }
        do {
            let configuration = try BookstoreConfiguration(arguments: arguments, environment: ProcessInfo.processInfo.environment)
            // Before any other thread exists: see StopSignals.
            let stopSignals = StopSignals()
            let logger = Logger(label: "bookstore")
            let bookstore = try Bookstore.build(configuration: configuration, logger: logger)
            try bookstore.start()
            // Unbuffered, so scripts and tests reading the output see it at once.
            FileHandle.standardOutput.write(Data("""
                Vestibule Books is running at \(configuration.origin) (listening on \(configuration.host):\(bookstore.port)), \
                with Vestibule at \(configuration.vestibuleOrigin). Press Ctrl-C to stop.\n
                """.utf8))
            logger.notice("Shutting down", ["signal": stopSignals.wait()])
            bookstore.shutdown()
            return 0
        } catch let error as BookstoreConfiguration.UsageError {
            printError(error.description)
            return 64  // EX_USAGE
        } catch {
            printError("vestibule-bookstore: \(error)")
            return 1
        }
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
