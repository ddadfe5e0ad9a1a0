/// How long sessions live. Defaults follow OWASP's session guidance for a low-to-medium risk site.
public struct SessionPolicy: Sendable, Equatable {
    /// A session unused for this long ends.
    public var idleTimeout: Duration
    /// A session ends this long after sign-in, however active it is.
    public var absoluteTimeout: Duration
    /// Activity is recorded at most this often per session, so reading pages does not write on every request.
    public var activityResolution: Duration

    public init(
        idleTimeout: Duration = .seconds(7 * 24 * 3600),
        absoluteTimeout: Duration = .seconds(30 * 24 * 3600),
        activityResolution: Duration = .seconds(60)
    ) {
        self.idleTimeout = idleTimeout
        self.absoluteTimeout = absoluteTimeout
        self.activityResolution = activityResolution
    }
}
