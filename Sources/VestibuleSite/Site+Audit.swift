package import VestibuleCore
package import VestibuleHTTP

extension Site {
    /// Records that `kind` happened, by the client of `request` when there is one.
    ///
    /// What it records has already happened: a failure to record is logged, never turned into the person's error.
    /// A sign-in's event is also what counts it in the metrics (`vestibule_sign_ins_total`), so the two agree.
    package func audit(
        _ kind: AuditEvent.Kind, outcome: AuditEvent.Outcome = .succeeded, account: AccountID?,
        method: SignInMethod? = nil, appID: String? = nil, detail: String? = nil, request: Request?,
        by operatorID: AccountID? = nil
    ) {
        if kind == .signIn, let method {
            outcome == .succeeded ? signIns.succeeded(method) : signIns.failed(method)
        }
        do {
            try services.audit.record(
                kind, outcome: outcome, account: account, method: method, appID: appID, detail: detail,
                source: request.map(auditSource) ?? .none, by: operatorID
            )
        } catch {
            logger.error("Could not record an audit event", ["kind": kind.rawValue, "error": "\(error)"])
        }
    }

    /// The account that signs in with `email` and a password, for an event about it; `nil` for any other text.
    package func passwordAccount(typed email: String) -> AccountID? {
        guard let address = try? EmailAddress(email) else { return nil }
        return try? services.store.identity(method: .password, subject: address.value)?.accountID
    }

    /// The request's client as the audit trail may keep it (``WebConfiguration/auditAddresses``).
    private func auditSource(of request: Request) -> AuditSource {
        let address: String? =
            switch configuration.auditAddresses {
            case .full: ClientAddress.canonical(request.remoteAddress)
            case .network: ClientAddress.privacyNetwork(of: request.remoteAddress)
            case .none: nil
            }
        return AuditSource(clientAddress: address, userAgent: request.headers["User-Agent"])
    }
}
