package import VestibuleApple
package import VestibuleHTTP

extension Site {
    /// Sign in with Apple's services, or 404 where the operator has not set it up.
    package func apple() throws(HTTPError) -> AppleServices {
        guard let apple = services.apple else { throw HTTPError(.notFound, "Sign in with Apple is not set up here.") }
        return apple
    }
}
