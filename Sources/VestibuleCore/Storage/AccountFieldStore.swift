/// The extra data the data policy declares (account fields): what each person gave, by field name.
public protocol AccountFieldStore: Sendable {
    /// Stores what the person gave for a declared field, replacing what they gave before.
    /// Fails with `.notFound` when the account does not exist.
    func saveAccountField(_ value: FieldValue, of accountID: AccountID) throws(StoreError)
    /// Every field value the account holds, by name.
    func accountFields(of accountID: AccountID) throws(StoreError) -> [FieldValue]
    /// Deletes one field value. Returns whether it existed.
    @discardableResult
    func deleteAccountField(name: String, of accountID: AccountID) throws(StoreError) -> Bool
}
