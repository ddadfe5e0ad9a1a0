import VestibuleAPI

extension VestibuleClient {
    /// Whether the API takes `name` as a document's: 1 to 64 of `A–Z a–z 0–9 . _ -`, which need no escaping in a
    /// path. An app that builds names from its own ids checks them with this once, where the ids are made.
    public static func isValidDocumentName(_ name: String) -> Bool {
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
    static func documentPath(_ name: String) throws(VestibuleClientError) -> String {
        guard isValidDocumentName(name) else {
            throw VestibuleClientError(.invalidRequest, call: "a document name outside [A-Za-z0-9._-]{1,64}")
        }
        return APIPath.document(name)
    }
}
