/// A document's value with the version to write it back against.
public struct StoredDocument<Value> {
    public var value: Value
    /// What a replacement or deletion names in ``ExpectedVersion/version(_:)``.
    public let version: Int

    public init(value: Value, version: Int) {
        self.value = value
        self.version = version
    }
}

extension StoredDocument: Sendable where Value: Sendable {}
extension StoredDocument: Equatable where Value: Equatable {}
