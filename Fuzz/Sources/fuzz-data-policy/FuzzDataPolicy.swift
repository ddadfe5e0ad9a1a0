import FuzzSupport
import VestibuleCore
import VestibuleJSON

/// The operator's data-policy file (`data-policy` setting): which fields people are asked for, in which words.
///
/// Oracle: a policy that loads, written back as a policy file (`policyFile(_:)`), loads as the same policy.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataPolicy(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let policy = try? DataPolicy(json: bytes, languages: languages) else { return 0 }
    let again = try? DataPolicy(json: policyFile(policy).serialized, languages: languages)
    Oracle.require(again == policy, "load → write → load changed the policy")
    return 0
}

private let languages: Set<String> = ["en", "ja", "de", "ar"]

/// The file that declares `policy`, in the syntax `DataPolicy(json:languages:)` documents.
private func policyFile(_ policy: DataPolicy) -> JSONValue {
    .object(["fields": .array(policy.fields.map(member))])
}

private func member(_ field: DataField) -> JSONValue {
    var members: [String: JSONValue] = [
        "name": .string(field.name), "type": .string(field.kind.rawValue), "required": .bool(field.isRequired),
        "label": texts(field.label), field.isRequired ? "reason" : "benefit": texts(field.why),
    ]
    if let terms = field.terms { members["terms"] = .string(terms) }
    if let countries = field.countries { members["countries"] = .array(countries.map(JSONValue.string)) }
    return .object(members)
}

private func texts(_ text: LocalizedText) -> JSONValue {
    .object(text.texts.mapValues(JSONValue.string))
}
