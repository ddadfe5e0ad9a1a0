import VestibuleAPI

/// Document names as the API accepts them: `[A-Za-z0-9._-]{1,64}`, which need no escaping in a path.
enum DocumentName {
    static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// `/api/v1/documents/<name>`; a name the API would refuse is refused here, before anything is sent.
    static func path(_ name: String) throws(VestibuleClientError) -> String {
        guard isValid(name) else {
            throw VestibuleClientError(.invalidRequest, call: "a document name outside [A-Za-z0-9._-]{1,64}")
        }
        return APIPath.document(name)
    }
}
