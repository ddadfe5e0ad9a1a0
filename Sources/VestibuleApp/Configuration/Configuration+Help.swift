extension Configuration {
    /// The settings section of `vestibule serve --help`, generated from the same table the loader uses,
    /// so the help can never drift from what is accepted.
    public static var settingsHelp: String {
        var lines = ["Settings (flag, environment variable, config-file key):"]
        for setting in Setting.all {
            lines.append("  \(setting.flag) \(setting.placeholder)")
            lines.append("      \(setting.summary)")
            lines.append("      env \(setting.environmentVariable), file key \"\(setting.key)\"")
        }
        lines.append("  \(ConfigurationLoader.configFlag) FILE")
        lines.append("      A JSON config file, e.g. {\"port\": 8080, \"signInBenefits\": {\"en\": \"…\"}}.")
        lines.append("      env \(ConfigurationLoader.configVariable)")
        lines.append("")
        lines.append("Secrets (environment or data folder only, never flags, so they stay out of `ps`):")
        lines.append("  \(SecretKeyFile.environmentVariable)")
        lines.append("      Comma-separated base64url 32-byte keys that seal secrets at rest; the first seals,")
        lines.append("      all open. Default: the data folder's \(SecretKeyFile.fileName) file, created on first start.")
        lines.append("  \(ConfigurationLoader.smtpPasswordVariable)")
        lines.append("      The SMTP password, with smtp-username.")
        lines.append("")
        lines.append("Metrics (metrics-port): GET /metrics on that port only, in Prometheus' text format, for a")
        lines.append("Prometheus on this machine or a private network; every metric is listed in docs/operations.md.")
        lines.append("")
        lines.append("Precedence: flags over environment over config file over defaults.")
        return lines.joined(separator: "\n")
    }
}
