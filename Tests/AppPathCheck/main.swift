// Runs the library as an app runs it, in a process without StatoscopeTesting: there, `send` takes the
// fast path that the library's own tests, which all link StatoscopeTesting, never take. Prints a line
// for each check that failed, then the counts; exits 1 if any failed.
import Foundation
import Logging
import Statoscope

// The errors the checks cause on purpose reach them through error handlers; written to the log as
// well, they would read like failures.
ErrorReporting.logger = Logger(label: "statoscope-app-path-check") { _ in SwiftLogNoOpLogHandler() }

// The path checks come first: the first event of the process must be theirs.
let checks =
    Checks.appPath + Checks.events + Checks.middleware + Checks.appWideMiddleware + Checks.observation
    + Checks.effects + Checks.lifetimes + Checks.eventLogging + Checks.analytics + Checks.errorReporting
    + Checks.recording + Checks.sharing
let failed = await Checks.run(checks)
print("\(checks.count - failed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
