@preconcurrency import Glibc
import Dispatch
import Foundation
import VestibuleApp
import VestibuleLogging

/// `vestibule serve`: runs until SIGINT or SIGTERM, then shuts down gracefully.
enum Serve {
    static func run(_ configuration: Configuration, logger: Logger) throws {
        // Block the signals before any other thread exists (threads inherit the mask), so they reach only
        // the dispatch sources below and never kill the process midway through a request.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let stopped = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "vestibule.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                logger.notice("Shutting down", ["signal": number == SIGINT ? "SIGINT" : "SIGTERM"])
                stopped.signal()
            }
            source.resume()
            return source
        }
        let application = try Application.build(configuration: configuration, logger: logger)
        try application.start()
        // Unbuffered, so scripts and tests reading the output see it at once.
        FileHandle.standardOutput.write(Data(
            "Vestibule is running at \(configuration.origin) (listening on \(configuration.host):\(application.port)). Press Ctrl-C to stop.\n".utf8
        ))
        stopped.wait()
        sources.forEach { $0.cancel() }
        application.shutdown()
    }
}
