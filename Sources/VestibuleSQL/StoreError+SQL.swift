package import VestibuleCore

extension StoreError {
    /// The error for any call made after the store is closed.
    package static let closed = StoreError(.unavailable, "the database is closed")

    /// A column whose value the schema forbids; names the column, never its value.
    package init(corruptColumn column: String, _ problem: String) {
        self.init(.corrupt, "column \(column) \(problem)")
    }

    /// Runs `body`; an error it throws gets what was being done (a store operation, a migration) in front of
    /// its detail.
    package static func during<R>(_ context: String, _ body: () throws(StoreError) -> R) throws(StoreError) -> R {
        do throws(StoreError) {
            return try body()
        } catch {
            throw StoreError(error.code, "\(context): \(error.detail)", backendCode: error.backendCode)
        }
    }
}
