import Foundation
import VestibuleCommandLine
import VestibuleCore
import VestibuleLocalization
import VestibuleAppleButton

/// Builds a ``Configuration`` from its sources, in increasing precedence: defaults, the JSON config file,
/// `VESTIBULE_…` environment variables, command-line flags.
public struct ConfigurationLoader: Sendable {
    public let arguments: [String]
    public let environment: [String: String]

    public init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
    }

    static let configFlag = "--config"
    static let configVariable = "VESTIBULE_CONFIG"
    static let benefitsKey = "signInBenefits"
    static let smtpPasswordVariable = "VESTIBULE_SMTP_PASSWORD"
    static let applePrivateKeyVariable = "VESTIBULE_APPLE_PRIVATE_KEY"

    public func load() throws(ConfigurationError) -> Configuration {
        var configuration = try settings()
        if let path = configuration.dataPolicyFile {
            configuration.dataPolicy = try Self.dataPolicy(at: path)
        }
        if let path = configuration.appsFile {
            configuration.apps = try Self.apps(at: path)
        }
        try validate(configuration)
        return configuration
    }

    /// The settings as their sources give them, without reading the files they name (the data policy, the apps)
    /// or checking how they agree: for a command that only needs to know where a file is, such as `vestibule
    /// clients`, which may be about to create the apps file.
    public func settings() throws(ConfigurationError) -> Configuration {
        let flags = try parseFlags()
        var configuration = Configuration()
        if let path = flags.value(of: Self.configFlag) ?? environment[Self.configVariable] {
            try applyFile(at: path, to: &configuration)
        }
        for setting in Setting.all {
            if let value = environment[setting.environmentVariable] {
                try apply(setting, value, to: &configuration, source: setting.environmentVariable)
            }
        }
        for setting in Setting.all {
            if let value = flags.value(of: setting.flag) {
                try apply(setting, value, to: &configuration, source: setting.flag)
            }
        }
        configuration.smtpPassword = environment[Self.smtpPasswordVariable]
        configuration.applePrivateKey = environment[Self.applePrivateKeyVariable]
        return configuration
    }

    /// The data policy in the file at `path`, read once the sources agree on which file it is.
    private static func dataPolicy(at path: String) throws(ConfigurationError) -> DataPolicy {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("data-policy: the file \(path) cannot be read. Check the path and its permissions.")
        }
        do {
            return try DataPolicy(json: Array(data), languages: Set(Language.allCases.map(\.tag)))
        } catch {
            throw ConfigurationError("data-policy \(path): \(error)")
        }
    }

    /// The apps registered in the file at `path`.
    private static func apps(at path: String) throws(ConfigurationError) -> AppRegistry {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("apps: the file \(path) cannot be read. Check the path and its permissions.")
        }
        do {
            return try AppRegistry(json: Array(data))
        } catch {
            throw ConfigurationError("apps \(path): \(error)")
        }
    }

    /// Every setting's flag and `--config`; a yes-or-no setting alone (`--development`) means `true`. A flag given
    /// twice counts the last time.
    private static let flagParser = CommandLineParser(
        Setting.all.map { setting -> CommandLineOption in
            setting.isSwitch ? .optionalValue(setting.flag, implied: "true") : .value(setting.flag)
        } + [.value(configFlag)]
    )

    /// The flags; anything else is refused, naming the argument.
    private func parseFlags() throws(ConfigurationError) -> ParsedCommandLine {
        do throws(CommandLineError) {
            return try Self.flagParser.parse(arguments)
        } catch {
            let hint = error.code == .missingValue ? "" : " Run `vestibule serve --help` for the list."
            throw ConfigurationError("\(error)\(hint)")
        }
    }

    private func applyFile(at path: String, to configuration: inout Configuration) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("The config file \(path) cannot be read. Check the path and its permissions.")
        }
        let object: [String: ConfigFileValue]
        do { object = try JSONDecoder().decode([String: ConfigFileValue].self, from: data) } catch {
            throw ConfigurationError("The config file \(path) is not a JSON object of settings, like {\"port\": 8080}.")
        }
        let settings = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, $0) })
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let source = "\(path): \(key)"
            switch (key, value) {
            case (Self.benefitsKey, .texts(let texts)):
                configuration.signInBenefits = texts
            case (Self.benefitsKey, _):
                throw ConfigurationError("\(source) must map language tags to text, like {\"en\": \"…\"}.")
            case (_, .scalar(let text)):
                guard let setting = settings[key] else {
                    let known = (settings.keys.sorted() + [Self.benefitsKey]).joined(separator: ", ")
                    throw ConfigurationError("\(source) is not a setting. Known settings: \(known).")
                }
                try apply(setting, text, to: &configuration, source: source)
            case (_, .texts):
                throw ConfigurationError("\(source) must be a string, number or boolean.")
            }
        }
    }

    private func apply(_ setting: Setting, _ value: String, to configuration: inout Configuration, source: String)
        throws(ConfigurationError)
    {
        do { try setting.apply(&configuration, value) } catch {
            throw ConfigurationError("\(source): \(error)")
        }
    }

    private func validate(_ configuration: Configuration) throws(ConfigurationError) {
        if configuration.sessionIdleTimeout > configuration.sessionAbsoluteTimeout {
            throw ConfigurationError(
                "session-idle-timeout (\(configuration.sessionIdleTimeout) s) is longer than session-absolute-timeout "
                    + "(\(configuration.sessionAbsoluteTimeout) s); make it shorter or equal."
            )
        }
        if configuration.databaseURL != nil, environment[SecretKeyFile.environmentVariable] == nil {
            // Every instance must open what any other sealed: a per-machine secret-keys file cannot do that.
            throw ConfigurationError(
                "With a shared PostgreSQL database, set \(SecretKeyFile.environmentVariable) to the same keys on every instance."
            )
        }
        if configuration.smtpPassword != nil, configuration.smtpUsername == nil {
            throw ConfigurationError("\(Self.smtpPasswordVariable) is set but smtp-username is not; set both or neither.")
        }
        if configuration.behindTLSProxy, configuration.publicURL?.scheme == "http" {
            throw ConfigurationError("behind-tls-proxy is true but public-url is http://; use the https:// address people visit.")
        }
        try Self.validateMetrics(configuration)
        let apple = [configuration.appleTeamID, configuration.appleKeyID, configuration.appleServicesID]
        let hasKey = configuration.applePrivateKeyFile != nil || configuration.applePrivateKey != nil
        if apple.contains(where: { $0 != nil }) || hasKey, apple.contains(where: { $0 == nil }) || !hasKey {
            throw ConfigurationError(
                "Sign in with Apple needs apple-team-id, apple-key-id, apple-services-id and the key "
                    + "(apple-private-key-file or \(Self.applePrivateKeyVariable)) together; set all of them, or none to leave Sign in with Apple off."
            )
        }
        let host = configuration.publicURL?.host()?.lowercased() ?? "localhost"
        let rpID = configuration.effectivePasskeyRPID
        if host != rpID, !host.hasSuffix("." + rpID) {
            // Browsers refuse an RP ID that is not the page's host or a domain it belongs to.
            throw ConfigurationError("passkey-rp-id \(rpID) is not \(host) or a domain it belongs to; use \(host) or a parent domain of it.")
        }
    }
}

extension ConfigurationLoader {
    /// The metrics listener is off without a port, so a host alone is a mistake worth saying; and it must not
    /// share the public listener's port, where `/metrics` is never served.
    fileprivate static func validateMetrics(_ configuration: Configuration) throws(ConfigurationError) {
        guard let metricsPort = configuration.metricsPort else {
            if let host = configuration.metricsHost {
                throw ConfigurationError(
                    "metrics-host is \(host) but metrics-port is not set, so metrics are off; set metrics-port too, or "
                        + "remove metrics-host."
                )
            }
            return
        }
        if metricsPort != 0, metricsPort == configuration.port {
            throw ConfigurationError(
                "metrics-port \(metricsPort) is the port of the public listener; metrics need a port of their own, "
                    + "never served to the public."
            )
        }
        if configuration.development, !Configuration.isLoopback(configuration.effectiveMetricsHost) {
            throw ConfigurationError(
                "Development mode is for this machine only: metrics-host must be a loopback address (127.0.0.1, ::1 "
                    + "or localhost), not \(configuration.effectiveMetricsHost)."
            )
        }
    }
}

/// A value in the config file: a scalar (kept as the text a flag would carry) or a map of texts.
private enum ConfigFileValue: Decodable {
    case scalar(String)
    case texts([String: String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .scalar(flag ? "true" : "false")
        } else if let number = try? container.decode(Int.self) {
            self = .scalar(String(number))
        } else if let text = try? container.decode(String.self) {
            self = .scalar(text)
        } else {
            self = .texts(try container.decode([String: String].self))
        }
    }
}
