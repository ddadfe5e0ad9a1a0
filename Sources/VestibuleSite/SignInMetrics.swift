package import VestibuleCore
package import VestibuleMetrics

/// Sign-ins counted by method and outcome where the site decides them: succeeded when a session starts,
/// failed when a method's proof is refused (a wrong password, a passkey answer or an Apple token that does not
/// verify). Requests turned away before any proof was checked (rate limits, a full hashing queue) are not
/// sign-ins and are not counted here.
package struct SignInMetrics: Sendable {
    private let succeededCounts: [SignInMethod: Counter]
    private let failedCounts: [SignInMethod: Counter]

    package init(registry: MetricsRegistry) {
        func counters(_ outcome: String) -> [SignInMethod: Counter] {
            Dictionary(
                uniqueKeysWithValues: SignInMethod.allCases.map { method in
                    let counter = registry.counter(
                        "vestibule_sign_ins_total", help: "Sign-ins decided, by method and outcome.",
                        labels: ["method": method.rawValue, "outcome": outcome]
                    )
                    return (method, counter)
                }
            )
        }
        succeededCounts = counters("succeeded")
        failedCounts = counters("failed")
    }

    package func succeeded(_ method: SignInMethod) {
        succeededCounts[method]?.increment()
    }

    package func failed(_ method: SignInMethod) {
        failedCounts[method]?.increment()
    }
}
