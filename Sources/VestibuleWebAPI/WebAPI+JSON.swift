import VestibuleAPI
import VestibuleApple
import VestibuleHTTP
import VestibulePasskeys

extension WebAPI {
    /// Runs one API call: checks where it comes from, counts it against the `budget` of the caller's address (or,
    /// for an app's server that presents an app key, its visitor's: ``APICall/rateLimitKey()``), and turns every
    /// refusal into a JSON error with a sentence in the caller's language. Store failures stay 5xx. No reply is
    /// cached: each carries a single-use challenge, a session or an account's details.
    func jsonAPI(
        _ request: Request, budget: APIBudget = .calls, _ handle: (APICall) throws -> Response
    ) throws -> Response {
        let visitor = try site.visitor(of: request)
        let call = APICall(site: site, request: request, visitor: visitor)
        var response: Response
        do {
            try call.checkProvenance()
            // The app key is checked on every call, counted or not, so a wrong one is noticed at once.
            let counter = try call.rateLimitKey()
            switch budget {
            case .calls: try site.limits.record(counter, site.configuration.rateLimits.passkeyCeremoniesPerAddress)
            case .documentWrites:
                try site.limits.record("document-write|\(counter)", site.configuration.rateLimits.documentWritesPerAddress)
            case .none: break
            }
            response = try handle(call)
        } catch let refusal as APIRefusal {
            response = try call.reply(refusal)
        } catch let error as PasskeyError {
            site.logger.info("passkey ceremony refused", ["reason": error.description, "request": request.id.description])
            response = try call.reply(APIRefusal(passkeyError: error, in: call))
        } catch let error as AppleError {
            site.logger.info("Sign in with Apple refused", ["reason": error.description, "request": request.id.description])
            site.audit(.signIn, outcome: .failed, account: nil, method: .apple, request: request)
            response = try call.reply(APIRefusal(appleError: error, in: call))
        } catch let error as any HTTPResponseError {
            let error = error.httpError
            response = try call.reply(APIRefusal(status: error.status, code: "refused", message: call.refusalText(for: error)))
            for (name, value) in error.headers { response.headers.replace(name, value) }
        } catch let error as any UnavailabilityError where error.makesServiceUnavailable {
            // An outage, answered in JSON as the API's callers expect; logged as the router logs one.
            site.logger.warning("service unavailable", ["request_id": request.id.description, "detail": "\(error)"])
            response = try call.reply(
                APIRefusal(status: .serviceUnavailable, code: "unavailable", message: call.text(.errorBusyBody))
            )
            response.headers.replace("Retry-After", String(error.retryAfterSeconds))
        }
        response.headers.replace("Cache-Control", "no-store")
        return response
    }
}
