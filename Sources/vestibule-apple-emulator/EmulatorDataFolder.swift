import Foundation
import VestibuleAppleEmulator
import VestibuleCommandLine
import VestibuleCrypto

/// The emulator's data folder: what must outlive a restart, made on first use and readable by its owner only.
struct EmulatorDataFolder {
    let path: String

    var vestibuleSettingsPath: String { path + "/vestibule.env" }
    private var teamKeyPath: String { path + "/team-key.p8" }
    private var subjectSecretPath: String { path + "/subject-secret" }

    /// The made-up team's Sign in with Apple key, as Apple's `.p8` file: read, or made and kept.
    func teamKey() throws(CommandFailure) -> SigningKey {
        if let pem = try? String(contentsOfFile: teamKeyPath, encoding: .utf8) {
            do { return try SigningKey(pkcs8PEM: pem) } catch {
                throw .refused("\(teamKeyPath) is not the emulator's key (\(error)); remove it to make a new one.")
            }
        }
        do {
            let key = try SigningKey.generate(.es256)
            try write(try key.pkcs8PEM(), to: teamKeyPath)
            return key
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw .refused("No key could be made for the emulator's team: \(error)")
        }
    }

    /// The secret `sub` and relay addresses derive from: read, or made and kept, so people keep their accounts.
    func subjectSecret() throws(CommandFailure) -> [UInt8] {
        if let data = FileManager.default.contents(atPath: subjectSecretPath), data.count == 32 { return Array(data) }
        let secret = SecureRandom.bytes(32)
        try write(Data(secret), to: subjectSecretPath)
        return secret
    }

    /// Writes the `apple-` settings that point a development Vestibule at this emulator, as environment variables.
    func writeVestibuleSettings(for team: DevelopmentTeam, issuer: String) throws(CommandFailure) {
        let settings = [
            "VESTIBULE_APPLE_ISSUER": issuer,
            "VESTIBULE_APPLE_TEAM_ID": DevelopmentTeam.teamID,
            "VESTIBULE_APPLE_KEY_ID": DevelopmentTeam.keyID,
            "VESTIBULE_APPLE_SERVICES_ID": DevelopmentTeam.servicesID,
            "VESTIBULE_APPLE_BUNDLE_IDS": team.bundleIDs.joined(separator: ","),
            "VESTIBULE_APPLE_PRIVATE_KEY_FILE": URL(fileURLWithPath: teamKeyPath).standardizedFileURL.path,
        ]
        let lines = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try write("# Written by vestibule-apple-emulator serve: Vestibule's settings for this emulator.\n"
            + lines.joined(separator: "\n") + "\n", to: vestibuleSettingsPath)
    }

    private func write(_ text: String, to file: String) throws(CommandFailure) {
        try write(Data(text.utf8), to: file)
    }

    private func write(_ data: Data, to file: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
            guard FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw .refused("Cannot write \(file): \(error.localizedDescription)")
        }
    }
}
