import Foundation
import VestibuleAudit

exit(AuditCommand.main(Array(CommandLine.arguments.dropFirst())))
