import VestibuleJSON

extension BrowserSession {
    /// Makes the document inside `frame` (an `<iframe>` element) the one later commands look at, whatever its
    /// origin (W3C `POST /session/{id}/frame`); scripts in the page itself cannot reach a cross-origin frame.
    public func switchToFrame(_ frame: Element) throws(WebDriverError) {
        _ = try wire.post(path("/frame"), ["id": frame.reference])
    }

    /// Back to the top-level document, as when a link in a frame navigated the whole window (`POST
    /// /session/{id}/frame` with a null id).
    public func switchToTopLevel() throws(WebDriverError) {
        _ = try wire.post(path("/frame"), ["id": .null])
    }
}
