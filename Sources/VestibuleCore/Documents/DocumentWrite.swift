/// The one condition a write states about what it expects to find, so that two writers who read the same
/// version cannot both write (HTTP's `If-None-Match: *` and `If-Match`).
public enum DocumentPrecondition: Sendable, Equatable {
    /// No document has this name yet.
    case absent
    /// The document is at exactly this version.
    case version(Int)
}

/// What a write did.
public enum DocumentWriteOutcome: Sendable, Equatable {
    /// Created (version 1) or replaced: the new version.
    case written(version: Int)
    /// The precondition did not hold: the stored version, or `nil` when there is no such document.
    case versionMismatch(current: Int?)
    /// Creating it would exceed the owner's number of documents.
    case limitReached
}

/// What a deletion did.
public enum DocumentDeletion: Sendable, Equatable {
    case deleted
    /// The document is not at the expected version: the stored one, or `nil` when there is no such document.
    case versionMismatch(current: Int?)
}
