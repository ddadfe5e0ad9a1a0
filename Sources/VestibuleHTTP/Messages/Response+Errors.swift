package import VestibuleLogging

extension Response {
    /// The answer to an error a handler threw, the same in the server and in ``Router/respond(to:)``.
    ///
    /// An ``HTTPError`` (or any ``HTTPResponseError``) is answered with its status, message and headers. An
    /// outage (an ``UnavailabilityError``: the database down, the disk full) is a 503 with `Retry-After`.
    /// Anything else is a bug: the client gets a generic 500 naming the request id. The details of both go to
    /// `logger` only.
    package static func answering(_ error: any Error, to requestID: RequestID, logger: Logger?) -> Response {
        if let error = error as? any HTTPResponseError { return error.httpError.response }
        if let error = error as? any UnavailabilityError, error.makesServiceUnavailable {
            logger?.warning(
                "service unavailable",
                ["request_id": requestID.description, "error": String(describing: type(of: error)), "detail": "\(error)"]
            )
            return HTTPError(
                .serviceUnavailable, "Unavailable for a moment; try again shortly (request \(requestID)).",
                headers: ["Retry-After": String(error.retryAfterSeconds)]
            ).response
        }
        logger?.error(
            "handler failed",
            ["request_id": requestID.description, "error": String(describing: type(of: error)), "detail": "\(error)"]
        )
        return HTTPError(.internalServerError, "Something went wrong on our side (request \(requestID)).").response
    }
}
