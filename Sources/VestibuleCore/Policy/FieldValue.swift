public import Foundation

/// What a person gave for one declared field of the ``DataPolicy``, as stored: the value in its normal form
/// (``DataField/value(from:today:)``) and when they gave it, which "Your data" shows as its source.
public struct FieldValue: Sendable, Equatable {
    /// The field's ``DataField/name``.
    public let name: String
    public let value: String
    public let givenAt: Date

    public init(name: String, value: String, givenAt: Date) {
        self.name = name
        self.value = value
        self.givenAt = givenAt
    }
}
