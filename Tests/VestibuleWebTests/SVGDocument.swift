import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read with `XMLParser`, which fails on anything that is not well-formed XML: the elements
/// in document order with their attributes, and the text inside each.
struct SVGDocument {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""

        func number(_ attribute: String) -> Double? {
            attributes[attribute].flatMap(Double.init)
        }
    }

    struct NotWellFormed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var elements: [Element] = []

    init(_ text: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw NotWellFormed(description: "line \(parser.lineNumber): \(String(describing: parser.parserError))")
        }
        elements = reader.elements
    }

    var root: Element { elements[0] }

    func all(_ name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    func first(_ name: String) -> Element? {
        elements.first { $0.name == name }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
