import Foundation

extension CommandFailure {
    /// Runs a command's work for `main`: 0 when it returns; the failure's status after printing its sentence to
    /// standard error; 1 for any other error, printed after `program:` (a bug or an outage, never a usage error).
    public static func exitStatus(program: String, _ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch let failure as CommandFailure {
            printToStandardError(failure.description)
            return failure.status
        } catch {
            printToStandardError("\(program): \(error)")
            return 1
        }
    }

    /// Writes one message and a newline to standard error, unbuffered, where scripts and people look for refusals.
    public static func printToStandardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
