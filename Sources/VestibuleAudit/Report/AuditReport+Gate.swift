extension AuditReport {
    /// What a gate (a test that fails on any finding) says of this run: a line of counts for the log, and, when
    /// there are findings, the failure message: how many, where the visual report is (written to
    /// `reportDirectory`, each finding outlined beside the step before), and the first 30 of them.
    public func gateVerdict(named name: String, reportDirectory: String)
        throws(AuditReportPage.WriteError) -> (counts: String, failure: String?)
    {
        let found = AuditSummary.counted(findings.count, "finding")
        let counts = "\(name): \(checks) checks (\(AuditSummary.dimensions(of: self))), \(found), \(Int(duration)) s"
        guard !findings.isEmpty else { return (counts, nil) }
        let page = try AuditReportPage.write(self, to: reportDirectory)
        let listed = findings.prefix(30).map {
            "\($0.kind) \($0.url) \($0.locale) \($0.step)% \($0.viewport) \($0.selector) “\($0.excerpt)” \($0.detail)"
        }
        return (counts, "\(found) (each outlined in a picture in \(page)):\n" + listed.joined(separator: "\n"))
    }
}
