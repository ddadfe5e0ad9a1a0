import Testing
import VestibuleCore

/// Records an issue unless `body` throws a ``StoreError`` with `code`.
func expectStoreError(
    _ code: StoreError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
}
