@preconcurrency import Glibc
import Dispatch
import Foundation
import Synchronization
import VestibuleWebDriver

/// `vestibule-audit`: parses the command line, runs the audit, prints and writes the report, and returns the exit
/// status. Owns chromedriver: it is shut down on success, on failure and on SIGINT/SIGTERM.
public enum AuditCommand {
    public static func main(_ arguments: [String]) -> Int32 {
        // Output piped into `head` must not kill the tool before it shuts chromedriver down.
        signal(SIGPIPE, SIG_IGN)
        let parsed: AuditArguments
        do {
            parsed = try AuditArguments.parse(arguments)
        } catch {
            printError("vestibule-audit: \(error)\nRun `vestibule-audit --help` for the options.")
            return 2
        }
        if parsed.help {
            print(AuditArguments.help)
            return 0
        }
        let allowList: AllowList
        do {
            allowList = try parsed.allowPath.map { try AllowList(contentsOf: $0) } ?? AllowList()
        } catch {
            printError("vestibule-audit: \(error)")
            return 2
        }
        let driver: ChromeDriver
        do {
            driver = try ChromeDriver()
        } catch {
            printError("vestibule-audit: \(error)")
            return 2
        }
        let guardian = SignalGuard(driver: driver)
        defer { driver.shutdown() }
        let quiet = parsed.quiet
        let audit = LargerTextAudit(driver: driver, configuration: parsed.configuration) { line in
            if !quiet { printError(line) }
        }
        let report: AuditReport
        do {
            report = try audit.run(parsed.urls.map { AuditTarget(url: $0, cookies: parsed.cookies) })
        } catch {
            guardian.waitIfInterrupted()
            printError("vestibule-audit: the audit failed: \(error)")
            return 2
        }
        // The file first: a summary piped into `head` must not cost the report.
        if let path = parsed.jsonPath {
            do {
                try JSONReport(report, allowList: allowList).write(to: path)
            } catch {
                printError("vestibule-audit: cannot write \(path): \(error)")
                return 2
            }
        }
        if let directory = parsed.configuration.reportDirectory {
            do throws(AuditReportPage.WriteError) {
                let page = try AuditReportPage.write(report, allowList: allowList, to: directory)
                if !quiet { printError("vestibule-audit: report in \(page)") }
            } catch {
                printError("vestibule-audit: \(error)")
                return 2
            }
        }
        print(AuditSummary.render(report, allowList: allowList))
        return report.findings.allSatisfy(allowList.allows) && report.unmeasured.isEmpty ? 0 : 1
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// On SIGINT or SIGTERM: shuts chromedriver (and its browsers) down, then exits with 128 + the signal.
final class SignalGuard: Sendable {
    private let interrupted = Atomic<Bool>(false)
    // DispatchSourceSignal is thread-safe to hold; the sources live as long as the guard.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    init(driver: ChromeDriver) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The handler keeps the guard alive for the rest of the process: a command-line tool's lifetime.
            source.setEventHandler { [self] in
                guard interrupted.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
                    .exchanged
                else { return }
                FileHandle.standardError.write(Data("vestibule-audit: interrupted; shutting the browser down\n".utf8))
                driver.shutdown()
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The audit fails when the signal handler shuts the driver down under it: let the handler finish and exit.
    func waitIfInterrupted() {
        guard interrupted.load(ordering: .sequentiallyConsistent) else { return }
        while true { sleep(1) }
    }
}
