public import Foundation

/// The data policy applied to accounts: what a person gave, what is still missing, and giving or taking back a
/// value. Whether an account is complete depends on the required fields alone; optional ones gate nothing.
public struct AccountFields: Sendable {
    public let policy: DataPolicy
    let store: any AccountFieldStore
    let clock: @Sendable () -> Date

    public init(policy: DataPolicy, store: any AccountFieldStore, clock: @escaping @Sendable () -> Date) {
        self.policy = policy
        self.store = store
        self.clock = clock
    }

    /// Everything the account holds, in ``DataPolicy/ordered(_:)`` order.
    public func given(of accountID: AccountID) throws(StoreError) -> [FieldValue] {
        policy.ordered(try store.accountFields(of: accountID))
    }

    /// The required fields the account has not answered: empty when it is complete. Without required fields
    /// the store is not asked: forward-auth asks this on every request it checks.
    public func missing(of accountID: AccountID) throws(StoreError) -> [DataField] {
        guard policy.hasRequiredFields else { return [] }
        return policy.missing(from: try store.accountFields(of: accountID))
    }

    /// Checks `input` for the field and stores it as the person's answer, given now.
    /// - Throws: ``FieldError`` for an unknown field or a value it does not take; `StoreError` otherwise.
    @discardableResult
    public func give(_ input: String, for name: String, of accountID: AccountID) throws -> FieldValue {
        let now = clock()
        let value = FieldValue(name: name, value: try checked(input, for: name, today: now), givenAt: now)
        try store.saveAccountField(value, of: accountID)
        return value
    }

    /// The value `input` stores for the field, without storing it: to check a whole form before saving any of it.
    public func checked(_ input: String, for name: String, today: Date? = nil) throws(FieldError) -> String {
        guard let field = policy.field(named: name) else { throw FieldError(.unknownField, field: name) }
        return try field.value(from: input, today: today ?? clock())
    }

    /// Deletes the person's value for an optional field, or for one the policy no longer declares.
    /// - Returns: whether there was one.
    /// - Throws: ``FieldError`` `.requiredField` for a required field; `StoreError` otherwise.
    @discardableResult
    public func withdraw(_ name: String, of accountID: AccountID) throws -> Bool {
        if policy.field(named: name)?.isRequired == true { throw FieldError(.requiredField, field: name) }
        return try store.deleteAccountField(name: name, of: accountID)
    }
}
