import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an SVG document once with `XMLParser`: its root must be `<svg>` with a size, and nothing in it may
/// run script or reach outside the file.
final class ArtworkScanner: NSObject, XMLParserDelegate {
    private static let svgNamespace = "http://www.w3.org/2000/svg"

    private var rootAttributes: [String: String]?
    private var problem: AppleButtonError?

    /// The artwork's width and height, or why it is refused.
    static func size(of data: Data) throws(AppleButtonError) -> (width: Double, height: Double) {
        // Entity declarations are how an XML file expands into gigabytes; SVG exports never declare any.
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw AppleButtonError(.artworkUnsafe, "The artwork declares XML entities; Apple's artwork does not.")
        }
        // FoundationXML traps, ending the process, on an element name that is not UTF-8 (found by Fuzz/); Apple's
        // artwork is UTF-8 text, so anything else is refused before the parser sees it.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw AppleButtonError(.artworkInvalid, "The artwork is not UTF-8 text, as Apple's SVG files are.")
        }
        // FoundationXML also reads a null pointer on a processing instruction without data (`<?x?>`, found by Fuzz/);
        // Apple's artwork has none (the XML declaration is not one), and `<?xml-stylesheet?>` would reach outside.
        if hasProcessingInstruction(data) {
            throw AppleButtonError(
                .artworkUnsafe, "The artwork has a processing instruction (<?…?>); Apple's artwork does not."
            )
        }
        let scanner = ArtworkScanner()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = scanner
        let parsed = parser.parse()
        if let problem = scanner.problem { throw problem }
        guard parsed, let root = scanner.rootAttributes else {
            throw AppleButtonError(
                .artworkInvalid,
                "The artwork is not an SVG document: it stops being well-formed XML at line \(parser.lineNumber)."
            )
        }
        return try dimensions(root)
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String]
    ) {
        if rootAttributes == nil {
            guard elementName == "svg", namespaceURI == Self.svgNamespace else {
                refuse(.artworkInvalid, elementName == "svg"
                    ? "The artwork's <svg> lacks xmlns=\"\(Self.svgNamespace)\", so browsers would not draw it."
                    : "The artwork is not an SVG document: its root element is <\(elementName)>.")
                return parser.abortParsing()
            }
            rootAttributes = attributes
        }
        if elementName == "script" || elementName == "foreignObject" {
            refuse(.artworkUnsafe, "The artwork contains <\(elementName)>; Apple's artwork does not.")
            return parser.abortParsing()
        }
        for (name, value) in attributes {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if local.lowercased().hasPrefix("on") {
                refuse(.artworkUnsafe, "The artwork has an event handler (\(name)); Apple's artwork does not.")
                return parser.abortParsing()
            }
            if local == "href", !value.hasPrefix("#") {
                refuse(
                    .artworkUnsafe,
                    "The artwork refers to something outside itself (\(value)); Apple's artwork does not."
                )
                return parser.abortParsing()
            }
        }
    }

    /// Whether a `<?` opens anything but the XML declaration at the start (after an optional byte order mark).
    private static func hasProcessingInstruction(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in bytes.indices.dropLast()
        where bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "?") {
            let isDeclaration = index == start && bytes[(index + 2)...].starts(with: "xml".utf8)
                && bytes.count > index + 5 && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5])
            if !isDeclaration { return true }
        }
        return false
    }

    private func refuse(_ code: AppleButtonError.Code, _ message: String) {
        problem = problem ?? AppleButtonError(code, message)
    }

    /// The `viewBox` size, else `width` and `height` in one unit.
    private static func dimensions(_ root: [String: String]) throws(AppleButtonError)
        -> (width: Double, height: Double)
    {
        if let viewBox = root["viewBox"] {
            let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
                .compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0, numbers[2].isFinite, numbers[3].isFinite {
                return (numbers[2], numbers[3])
            }
        }
        if let width = root["width"].flatMap(length), let height = root["height"].flatMap(length),
           width.unit == height.unit, width.value > 0, height.value > 0
        {
            return (width.value, height.value)
        }
        throw AppleButtonError(
            .artworkInvalid,
            "The artwork has no size: its <svg> needs a viewBox, or a width and height in one unit."
        )
    }

    /// "44", "44px", "31.5pt": the number and its unit; percentages say nothing about proportions.
    private static func length(_ text: String) -> (value: Double, unit: String)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let unit = String(trimmed.reversed().prefix(while: { $0.isLetter }).reversed())
        guard let value = Double(trimmed.dropLast(unit.count)), value.isFinite else { return nil }
        return (value, unit)
    }
}
