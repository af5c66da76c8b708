/// The command line of `statoscope-benchmarks`.
struct Options {
    var isSmoke = false
    var jsonPath: String?
    /// Workload numbers to run; empty runs them all.
    var only: Set<Int> = []
    var repetitions: Int?
    var measuresBuildTime = false
    /// The library's package, for the build-time measurement.
    var packagePath: String?
    var listsWorkloads = false
    /// An operation of ``Profiles`` to run `profileCount` times, and nothing else.
    var profile: String?
    var profileCount = 2_000
    var showsHelp = false
    /// Runs every workload in this process, one after the other, instead of each in a process of
    /// its own.
    var runsInOneProcess = false
    /// Where a workload run by the runner in a process of its own writes what it recorded.
    var resultPath: String?

    static let usage = """
        usage: statoscope-benchmarks [--smoke] [--json PATH] [--only N,N...] [--repetitions N]
                                     [--build-time] [--package-path PATH] [--one-process]
                                     [--list] [--help]
               statoscope-benchmarks --profile NAME [--count N]

          --smoke            tiny counts for CI: every workload runs, no budget fails the run
          --json PATH        also write the results as JSON to PATH
          --only N,N...      run only these workloads (numbers from --list)
          --repetitions N    timed repetitions per case (default 7; effect workloads 5, the
                             effect round trip 15)
          --build-time       also time a clean debug build of the library products
          --package-path P   the library's package for --build-time (default: found from this source)
          --one-process      run every workload in this process; by default each runs in a
                             process of its own, so that one's heap does not weigh on the next
          --list             list the workloads, including those not written yet, and exit
          --profile NAME     run one operation --count times (default 2000) and exit, for callgrind;
                             --list shows the names
        A full run exits with status 1 when a figure misses its budget.
        """

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: some Sequence<String>) throws -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(for flag: String) throws -> String {
            guard let value = iterator.next() else { throw Invalid(description: "\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--smoke":
                options.isSmoke = true
            case "--json":
                options.jsonPath = try value(for: argument)
            case "--only":
                let numbers = try value(for: argument).split(separator: ",").map { Int($0) }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else {
                    throw Invalid(description: "--only takes workload numbers separated by commas")
                }
                options.only = Set(numbers.compactMap { $0 })
            case "--repetitions":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw Invalid(description: "--repetitions takes a positive number")
                }
                options.repetitions = count
            case "--build-time":
                options.measuresBuildTime = true
            case "--package-path":
                options.packagePath = try value(for: argument)
            case "--profile":
                options.profile = try value(for: argument)
            case "--count":
                guard let count = Int(try value(for: argument)), count >= 0 else {
                    throw Invalid(description: "--count takes a number")
                }
                options.profileCount = count
            case "--one-process":
                options.runsInOneProcess = true
            case "--result-path":
                options.resultPath = try value(for: argument)
            case "--list":
                options.listsWorkloads = true
            case "--help", "-h":
                options.showsHelp = true
            default:
                throw Invalid(description: "unknown argument \(argument)")
            }
        }
        return options
    }

    var settings: Settings {
        isSmoke ? .smoke : .full(repetitions: repetitions)
    }
}
