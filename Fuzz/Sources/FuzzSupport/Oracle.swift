#if canImport(Glibc)
@preconcurrency import Glibc
#else
import Darwin
#endif

/// What a fuzz target asserts beyond "no crash": a property the parser must keep for every input.
public enum Oracle {
    /// Stops the run when `condition` is false, naming the `property` broken.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ property: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        fail(property(), file: file, line: line)
    }

    /// Stops the run: the abort makes libFuzzer write the input as a crash reproducer, exactly as a crash inside the
    /// parser would.
    public static func fail(_ property: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fputs("oracle failed at \(file):\(line): \(property)\n", stderr)
        abort()
    }
}
