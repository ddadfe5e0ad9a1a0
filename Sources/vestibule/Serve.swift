import Foundation
import VestibuleApp
import VestibuleHTTPServer
import VestibuleLogging

/// `vestibule serve`: runs until SIGINT or SIGTERM, then shuts down gracefully.
enum Serve {
    static func run(_ configuration: Configuration, logger: Logger) throws {
        // Before any other thread exists: see StopSignals.
        let stopSignals = StopSignals()
        let application = try Application.build(configuration: configuration, logger: logger)
        try application.start()
        // Unbuffered, so scripts and tests reading the output see it at once.
        FileHandle.standardOutput.write(Data(
            "Vestibule is running at \(configuration.origin) (listening on \(configuration.host):\(application.port)). Press Ctrl-C to stop.\n".utf8
        ))
        logger.notice("Shutting down", ["signal": stopSignals.wait()])
        application.shutdown()
    }
}
