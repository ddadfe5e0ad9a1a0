import Foundation

/// Known findings the team has accepted, so the audit fails only on new ones.
///
/// Two formats, chosen by the file's first non-blank character:
///
/// - JSON: an array (or `{"allow": [...]}`) of `{"kind": "clipped", "selector": "#choice", "url": "/recovery"}`;
///   `url` (a substring of the page URL) is optional, and other keys such as `"reason"` are ignored.
/// - Lines: `kind selector [url-substring]`, separated by spaces. A selector with spaces is written in double
///   quotes (`overlap "main > p:nth-of-type(2)" /sign-in`). Blank lines and lines starting with `# ` (hash and
///   a space) or `//` are comments; `#id` selectors are not comments.
///
/// `*` as the kind or the selector matches any. An entry allows a finding when the kind and selector are equal
/// and the finding's URL contains the url substring (when given), at every step, viewport and locale.
public struct AllowList: Sendable {
    public struct Entry: Sendable, Hashable, Codable {
        public var kind: String
        public var selector: String
        public var url: String?

        public init(kind: String, selector: String, url: String? = nil) {
            self.kind = kind
            self.selector = selector
            self.url = url
        }

        func allows(_ finding: Finding) -> Bool {
            (kind == "*" || kind == finding.kind.rawValue) && (selector == "*" || selector == finding.selector)
                && (url.map { $0.isEmpty || finding.url.contains($0) } ?? true)
        }
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Reads an allow list in either format.
    ///
    /// - Throws: `ParseError` for an unreadable file, malformed JSON, an unknown kind or a line without a selector.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(description: "Cannot read the allow list \(path).")
        }
        try self.init(parsing: String(decoding: data, as: UTF8.self), source: path)
    }

    public init(parsing text: String, source: String = "allow list") throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            entries = try Self.parseJSON(trimmed, source: source)
        } else {
            entries = try Self.parseLines(text, source: source)
        }
        for entry in entries where entry.kind != "*" && Finding.Kind(rawValue: entry.kind) == nil {
            let kinds = Finding.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ParseError(description: "\(source): unknown kind “\(entry.kind)” (one of \(kinds), or *).")
        }
    }

    public func allows(_ finding: Finding) -> Bool {
        entries.contains { $0.allows(finding) }
    }

    private struct Wrapper: Decodable {
        var allow: [Entry]
    }

    private static func parseJSON(_ text: String, source: String) throws -> [Entry] {
        let data = Data(text.utf8)
        do {
            if text.hasPrefix("{") { return try JSONDecoder().decode(Wrapper.self, from: data).allow }
            return try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw ParseError(description: "\(source): not an allow list in JSON (\(error)).")
        }
    }

    private static func parseLines(_ text: String, source: String) throws -> [Entry] {
        var entries: [Entry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line == "#" || line.hasPrefix("# ") || line.hasPrefix("#\t") || line.hasPrefix("//") {
                continue
            }
            let fields = splitFields(line)
            guard fields.count >= 2, fields.count <= 3 else {
                throw ParseError(
                    description: "\(source):\(index + 1): expected `kind selector [url-substring]`, got “\(line)”."
                )
            }
            entries.append(Entry(kind: fields[0], selector: fields[1], url: fields.count == 3 ? fields[2] : nil))
        }
        return entries
    }

    /// Splits on spaces, keeping double-quoted fields whole.
    private static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character.isWhitespace && !quoted {
                if started { fields.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { fields.append(current) }
        return fields
    }
}
