package import Foundation
package import VestibuleCore

extension SQLStore {
    /// - Throws: `.conflict` when the id or token hash exists.
    public func insertGuest(_ guest: Guest) throws(StoreError) {
        try writing("insertGuest") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO guests (id, token_hash, created_at, last_seen_at)
                VALUES (\(guest.id.rawValue), \(guest.tokenHash), \(guest.createdAt), \(guest.lastSeenAt))
                """
            )
        }
    }

    public func guest(tokenHash: [UInt8]) throws(StoreError) -> Guest? {
        try reading("guest") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT id, token_hash, created_at, last_seen_at FROM guests WHERE token_hash = \(tokenHash)"
            ) { row throws(StoreError) in
                Guest(id: try row.value(0), tokenHash: try row.blob(1), createdAt: try row.date(2), lastSeenAt: try row.date(3))
            }
        }
    }

    /// An older `date` leaves the last activity as it is, as for sessions.
    @discardableResult
    public func recordGuestActivity(id: GuestID, at date: Date) throws(StoreError) -> Bool {
        try writing("recordGuestActivity") { connection throws(StoreError) in
            try connection.run(
                "UPDATE guests SET last_seen_at = \(.greatest)(last_seen_at, \(date)) WHERE id = \(id.rawValue)"
            ) > 0
        }
    }

    /// The guests' documents go with them (`ON DELETE CASCADE`).
    @discardableResult
    public func deleteGuests(lastSeenBefore cutoff: Date) throws(StoreError) -> Int {
        try writing("deleteGuests") { connection throws(StoreError) in
            try connection.run("DELETE FROM guests WHERE last_seen_at < \(cutoff)")
        }
    }

    /// Dates are milliseconds in both backends, so "within `period` of its creation" is one addition.
    @discardableResult
    public func deleteAbandonedGuests(lastSeenBefore cutoff: Date, usedOnlyWithin period: TimeInterval)
        throws(StoreError) -> Int
    {
        try writing("deleteAbandonedGuests") { connection throws(StoreError) in
            try connection.run(
                """
                DELETE FROM guests
                WHERE last_seen_at < \(cutoff) AND last_seen_at < created_at + \(Int64(period * 1000))
                    AND EXISTS (SELECT 1 FROM documents WHERE documents.guest_id = guests.id)
                """
            )
        }
    }

    /// Locks the account, then the guest (the order every transaction takes them in, so none waits for
    /// another in a circle), reconciles the guest's documents with the account's by name, and deletes the guest
    /// with what is left of its documents. A replaced document becomes the account's next version, written
    /// at `date`; a moved one keeps its version and time.
    public func claimGuest(_ guestID: GuestID, into accountID: AccountID, merging rule: DocumentMergeRule, at date: Date)
        throws(StoreError) -> GuestClaim
    {
        try transaction("claimGuest") { connection throws(StoreError) in
            try connection.lock(.account(accountID))
            try connection.lock(.guest(guestID))
            let accounts = Dictionary(
                uniqueKeysWithValues: try connection.held(by: .account(accountID)).map { ($0.name, $0) }
            )
            let guests = try connection.held(by: .guest(guestID))
            var taken = Set(accounts.keys).union(guests.map(\.name).filter { accounts[$0] == nil })
            var claim = GuestClaim()
            for document in guests {
                guard let namesake = accounts[document.name] else {
                    try connection.move(document, of: guestID, into: accountID)
                    claim.moved += 1
                    continue
                }
                let guestWins = switch rule {
                case .keepBoth, .preferAccount: false
                case .preferGuest: true
                case .lastWriter: document.updatedAt >= namesake.updatedAt
                }
                if guestWins {
                    try connection.run(
                        "DELETE FROM documents WHERE account_id = \(accountID.rawValue) AND name = \(namesake.name.rawValue)"
                    )
                    try connection.move(
                        document, of: guestID, into: accountID, asVersion: namesake.version + 1, at: date
                    )
                    claim.replaced += 1
                } else if rule == .keepBoth {
                    let copy = document.name.guestCopy(avoiding: taken)
                    taken.insert(copy)
                    try connection.move(document, of: guestID, into: accountID, renamedTo: copy)
                    claim.renamed.append(copy.rawValue)
                } else {
                    claim.discarded += 1
                }
            }
            // The discarded documents go with the guest (`ON DELETE CASCADE`).
            try connection.run("DELETE FROM guests WHERE id = \(guestID.rawValue)")
            return claim
        }
    }
}

/// A document as a claim weighs it: its name, version and time, not its body.
private struct HeldDocument {
    let name: DocumentName
    let version: Int
    let updatedAt: Date
}

extension SQLConnection {
    fileprivate func held(by owner: DocumentOwner) throws(StoreError) -> [HeldDocument] {
        try rows("SELECT name, version, updated_at FROM documents WHERE \(owner.holds) ORDER BY name") { row throws(StoreError) in
            HeldDocument(name: try row.value(0), version: Int(try row.integer(1)), updatedAt: try row.date(2))
        }
    }

    /// Gives the guest's document to the account: under its name or `renamedTo`, keeping its version and time
    /// unless it replaces the account's (`asVersion`, `at`).
    fileprivate func move(
        _ document: HeldDocument, of guestID: GuestID, into accountID: AccountID, renamedTo name: DocumentName? = nil,
        asVersion version: Int? = nil, at date: Date? = nil
    ) throws(StoreError) {
        try run(
            """
            UPDATE documents SET account_id = \(accountID.rawValue), guest_id = NULL,
                name = \((name ?? document.name).rawValue), version = \(Int64(version ?? document.version)),
                updated_at = \(date ?? document.updatedAt)
            WHERE guest_id = \(guestID.rawValue) AND name = \(document.name.rawValue)
            """
        )
    }
}
