package import VestibuleLogging

extension Response {
    /// The answer to an error a handler threw, the same in the server and in ``Router/respond(to:)``.
    ///
    /// An ``HTTPError`` (or any ``HTTPResponseError``) is answered with its status, message and headers.
    /// Anything else is a bug or an outage: the client gets a generic 500 naming the request id (503 with
    /// `Retry-After` for an ``OutageError`` that is one), and the details go to `logger` only.
    package static func answering(_ error: any Error, to requestID: RequestID, logger: Logger?) -> Response {
        if let error = error as? any HTTPResponseError { return error.httpError.response }
        logger?.error(
            "handler failed",
            ["request_id": requestID.description, "error": String(describing: type(of: error)), "detail": "\(error)"]
        )
        if (error as? any OutageError)?.isOutage == true {
            return HTTPError(
                .serviceUnavailable, "Unavailable for a moment; try again (request \(requestID)).",
                headers: ["Retry-After": "1"]
            ).response
        }
        return HTTPError(.internalServerError, "Something went wrong on our side (request \(requestID)).").response
    }
}
