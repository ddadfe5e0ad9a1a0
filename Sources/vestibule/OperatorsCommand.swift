import Foundation
import VestibuleApp
import VestibuleCommandLine

/// `vestibule operators add | remove | list`: who may use the operator console.
enum OperatorsCommand {
    static let help = """
        Usage: vestibule operators add EMAIL|ID [settings]
               vestibule operators remove EMAIL|ID [settings]
               vestibule operators list [settings]

          Operators use the console at /operator: find an account, see how it signs in and what happened to it,
          turn it off or on, sign it out everywhere, remove a passkey, delete it. Each action is recorded in the
          audit trail with the operator who took it (`vestibule events`). The console asks an operator for a
          sign-in with a passkey or with Apple from the last 10 minutes: a password alone is not enough.

          add EMAIL|ID    Makes the account with this id, or this email, an operator. On a fresh installation,
                          where no account has the email yet, it prints a one-time link instead: sign up with
                          that email, then open the link within an hour. It works once, and only for the account
                          with that email.
          remove EMAIL|ID The account is no longer an operator.
          list            Every operator: email, account id, since when.

          The database comes from the usual settings (--data-dir, --database, --config, VESTIBULE_…), as `serve`
          reads them; the server may be running. The link uses public-url.

          Exit status: 0 done; 78 a bad argument or setting; 1 no such account or operator, or the database could
          not be used.
        """

    static func run(_ arguments: [String], environment: [String: String]) throws {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "add":
            let (who, configuration) = try target(rest, environment: environment)
            switch try Application.addOperator(who, configuration: configuration) {
            case .added(let account):
                print("\(account.email ?? account.id.rawValue) is an operator. The console: \(configuration.origin)/operator")
            case .invited(let link):
                print("""
                    No account has \(who) yet. Sign up with it, then open this link within an hour:

                      \(link)

                    It works once, and only for the account with that email.
                    """)
            }
        case "remove":
            let (who, configuration) = try target(rest, environment: environment)
            let account = try Application.removeOperator(who, configuration: configuration)
            print("\(account.email ?? account.id.rawValue) is no longer an operator.")
        case "list":
            let configuration = try ConfigurationLoader(arguments: rest, environment: environment).load()
            let operators = try Application.operators(configuration: configuration)
            guard !operators.isEmpty else {
                print("No operators yet. Add one with `vestibule operators add EMAIL`.")
                return
            }
            for (account, since) in operators {
                print("\(account.email ?? "-")  \(account.id.rawValue)  since \(since.formatted(.iso8601))")
            }
        default:
            throw CommandFailure.usage("operators takes add, remove or list. Run `vestibule operators --help`.")
        }
    }

    /// The EMAIL|ID argument and the settings after it.
    private static func target(_ arguments: [String], environment: [String: String]) throws -> (String, Configuration) {
        guard let who = arguments.first, !who.hasPrefix("-") else {
            throw CommandFailure.usage("Say which account: `vestibule operators add EMAIL` or an account id.")
        }
        return (who, try ConfigurationLoader(arguments: Array(arguments.dropFirst()), environment: environment).load())
    }
}
