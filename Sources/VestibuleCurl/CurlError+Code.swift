internal import CCurl

extension CurlError {
    /// A `CURLcode`, with names for the codes the modules on libcurl tell apart.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int

        init(_ code: CURLcode) { rawValue = Int(code.rawValue) }

        public static let unsupportedProtocol = Code(CURLE_UNSUPPORTED_PROTOCOL)
        public static let failedInit = Code(CURLE_FAILED_INIT)
        public static let urlMalformat = Code(CURLE_URL_MALFORMAT)
        public static let notBuiltIn = Code(CURLE_NOT_BUILT_IN)
        public static let weirdServerReply = Code(CURLE_WEIRD_SERVER_REPLY)
        public static let quoteError = Code(CURLE_QUOTE_ERROR)
        public static let writeError = Code(CURLE_WRITE_ERROR)
        public static let readError = Code(CURLE_READ_ERROR)
        public static let outOfMemory = Code(CURLE_OUT_OF_MEMORY)
        public static let operationTimedOut = Code(CURLE_OPERATION_TIMEDOUT)
        public static let abortedByCallback = Code(CURLE_ABORTED_BY_CALLBACK)
        public static let badFunctionArgument = Code(CURLE_BAD_FUNCTION_ARGUMENT)
        public static let sendError = Code(CURLE_SEND_ERROR)
        public static let receiveError = Code(CURLE_RECV_ERROR)
        public static let fileSizeExceeded = Code(CURLE_FILESIZE_EXCEEDED)
        public static let loginDenied = Code(CURLE_LOGIN_DENIED)
        public static let authError = Code(CURLE_AUTH_ERROR)

        /// TLS could not be established or kept: STARTTLS refused, handshake failed, certificate not trusted,
        /// not for this host or revoked, a local certificate or key unusable.
        public var isTLSFailure: Bool { Self.tlsFailures.contains(self) }

        private static let tlsFailures: Set<Code> = Set(
            [
                CURLE_USE_SSL_FAILED, CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION,
                CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
                CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE,
                CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
                CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT,
            ].map(Code.init)
        )

        public var description: String { String(rawValue) }
    }
}
