import Foundation
import VestibuleJSON

extension DataPolicy {
    /// The longest label, reason or benefit, in characters: a sentence or two, never a document.
    static let maximumTextLength = 500

    /// Reads a policy file:
    ///
    /// ```json
    /// {"fields": [
    ///   {"name": "terms", "type": "consent", "terms": "https://example.com/terms", "required": true,
    ///    "label": {"en": "I accept the terms of service", "ja": "利用規約に同意します"},
    ///    "reason": {"en": "We can offer the service only under these terms."}},
    ///   {"name": "phone", "type": "phone", "required": false,
    ///    "label": {"en": "Phone number"}, "benefit": {"en": "We text you when your order ships."}}
    /// ]}
    /// ```
    ///
    /// Every text is an object by language tag with at least `en`; `languages` are the tags the pages speak.
    /// - Throws: ``DataPolicyError`` naming the field and the problem; nothing is half-read.
    public init(json bytes: [UInt8], languages: Set<String>) throws(DataPolicyError) {
        guard let document = JSONValue(parsing: bytes) else {
            throw DataPolicyError("is not JSON. Write {\"fields\": [{\"name\": …, \"type\": …, …}]}.")
        }
        guard let object = document.objectValue, let entries = object["fields"]?.arrayValue,
              object.keys.allSatisfy({ $0 == "fields" })
        else {
            throw DataPolicyError("must be an object with one member, \"fields\", a list of fields: {\"fields\": [ … ]}.")
        }
        var fields: [DataField] = []
        for (index, entry) in entries.enumerated() {
            let field = try FieldEntry(entry, index: index, languages: languages).field()
            guard !fields.contains(where: { $0.name == field.name }) else {
                throw DataPolicyError("field \"\(field.name)\" is declared twice; give each field its own name.")
            }
            fields.append(field)
        }
        self.init(fields: fields)
    }
}

/// One member of `fields`, checked key by key so that every message names the field and the key.
private struct FieldEntry {
    static let keys: Set<String> = ["name", "type", "required", "label", "reason", "benefit", "terms", "countries"]

    let members: [String: JSONValue]
    let name: String
    let languages: Set<String>

    /// How messages name the field.
    var subject: String { "field \"\(name)\"" }

    init(_ entry: JSONValue, index: Int, languages: Set<String>) throws(DataPolicyError) {
        // Until the name is known, messages name the field by its place in the list.
        let place = "fields[\(index)]"
        self.languages = languages
        guard let members = entry.objectValue else {
            throw DataPolicyError("\(place) must be an object like {\"name\": \"phone\", \"type\": \"phone\", …}.")
        }
        self.members = members
        guard let name = members["name"]?.stringValue else {
            throw DataPolicyError("\(place) needs a \"name\", the name apps use for it, like \"phone\".")
        }
        guard name.range(of: #"^[A-Za-z][A-Za-z0-9_-]{0,63}$"#, options: .regularExpression) != nil else {
            throw DataPolicyError(
                "\(place): the name \"\(name)\" must be 1 to 64 letters, digits, \"_\" or \"-\", starting with a letter."
            )
        }
        self.name = name
        if let unknown = members.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw DataPolicyError(
                "\(subject) has an unknown key \"\(unknown)\"; the keys are \(Self.keys.sorted().joined(separator: ", "))."
            )
        }
    }

    func field() throws(DataPolicyError) -> DataField {
        let kinds = DataField.Kind.allCases.map(\.rawValue)
        guard let type = members["type"]?.stringValue, let kind = DataField.Kind(rawValue: type) else {
            throw DataPolicyError("\(subject): \"type\" must be one of \(kinds.joined(separator: ", ")); got \(describe(members["type"])).")
        }
        guard let required = members["required"]?.boolValue else {
            throw DataPolicyError("\(subject): \"required\" must be true or false; got \(describe(members["required"])).")
        }
        let requirement: DataField.Requirement
        if required {
            guard members["benefit"] == nil else {
                throw DataPolicyError("\(subject) is required: say why in \"reason\", not \"benefit\" (which is for optional fields).")
            }
            requirement = .required(reason: try text("reason", saying: "why you need it, shown wherever it is asked"))
        } else {
            guard members["reason"] == nil else {
                throw DataPolicyError("\(subject) is optional: say what it brings in \"benefit\", not \"reason\" (which is for required fields).")
            }
            requirement = .optional(benefit: try text("benefit", saying: "what giving it brings, shown where it is offered"))
        }
        return DataField(
            name: name, kind: kind,
            label: try text("label", saying: "what the field is, shown beside it"), requirement: requirement,
            terms: try terms(for: kind), countries: try countries(for: kind)
        )
    }

    /// A text by language, with English.
    private func text(_ key: String, saying purpose: String) throws(DataPolicyError) -> LocalizedText {
        guard let value = members[key] else {
            throw DataPolicyError("\(subject) needs \"\(key)\" (\(purpose)), like {\"en\": \"…\", \"ja\": \"…\"}.")
        }
        guard let object = value.objectValue else {
            throw DataPolicyError("\(subject): \"\(key)\" must map language tags to text, like {\"en\": \"…\", \"ja\": \"…\"}.")
        }
        var texts: [String: String] = [:]
        for (language, text) in object.sorted(by: { $0.key < $1.key }) {
            guard languages.contains(language) else {
                throw DataPolicyError(
                    "\(subject): \"\(key)\" has a text in \"\(language)\", but the pages speak \(languages.sorted().joined(separator: ", "))."
                )
            }
            let trimmed = text.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard (1...DataPolicy.maximumTextLength).contains(trimmed.count) else {
                throw DataPolicyError(
                    "\(subject): \"\(key)\" in \"\(language)\" must be text of 1 to \(DataPolicy.maximumTextLength) characters."
                )
            }
            texts[language] = trimmed
        }
        guard let english = texts.removeValue(forKey: "en") else {
            throw DataPolicyError("\(subject): \"\(key)\" needs an English text, \"en\"; the other languages fall back to it.")
        }
        return LocalizedText(english: english, translations: texts)
    }

    private func terms(for kind: DataField.Kind) throws(DataPolicyError) -> String? {
        guard kind == .consent else {
            guard members["terms"] == nil else { throw DataPolicyError("\(subject): \"terms\" is only for consent fields.") }
            return nil
        }
        guard let terms = members["terms"]?.stringValue, let url = URL(string: terms),
              ["https", "http"].contains(url.scheme ?? ""), url.host() != nil
        else {
            throw DataPolicyError("\(subject) is a consent: \"terms\" must be the address of the terms, like https://example.com/terms.")
        }
        return terms
    }

    private func countries(for kind: DataField.Kind) throws(DataPolicyError) -> [String]? {
        guard let value = members["countries"] else { return nil }
        guard kind == .country else { throw DataPolicyError("\(subject): \"countries\" is only for country fields.") }
        guard let list = value.arrayValue, !list.isEmpty else {
            throw DataPolicyError("\(subject): \"countries\" must be a list of region codes, like [\"JP\", \"DE\"].")
        }
        var codes: [String] = []
        for item in list {
            guard let code = item.stringValue, DataField.regionCodes.contains(code) else {
                throw DataPolicyError("\(subject): \"countries\" has \(describe(item)), which is not a region code in capitals, like \"JP\".")
            }
            guard !codes.contains(code) else { throw DataPolicyError("\(subject): \"countries\" lists \"\(code)\" twice.") }
            codes.append(code)
        }
        return codes
    }

    private func describe(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        return String(decoding: value.serialized, as: UTF8.self)
    }
}
