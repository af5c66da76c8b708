import Foundation

/// Runs the selected workloads, prints the table and writes the JSON.
@MainActor
struct BenchmarkRunner {
    let options: Options

    /// Runs everything the options ask for; returns the process's exit status.
    func run() async -> Int32 {
        if options.showsHelp {
            print(Options.usage)
            return 0
        }
        let workloads = WorkloadRegistry.all.filter {
            options.only.isEmpty || options.only.contains($0.number)
        }
        if options.listsWorkloads {
            for workload in WorkloadRegistry.all {
                print("\(workload.number). \(workload.title)\(plannedSuffix(workload))")
            }
            print("profiles (--profile): \(Profiles.all.map(\.name).joined(separator: ", "))")
            return 0
        }
        if let name = options.profile {
            guard let profile = Profiles.all.first(where: { $0.name == name }) else {
                print("unknown profile \(name); --list shows the names")
                return 2
            }
            await profile.run(options.profileCount)
            return 0
        }
        let settings = options.settings
        let context = WorkloadContext(settings: settings)
        let loadBefore = Report.loadAverage()
        if options.resultPath == nil {
            print(
                "statoscope-benchmarks: \(settings.isSmoke ? "smoke run" : "full run"), load average \(load(loadBefore))"
            )
        }
        var planned: [Report.PlannedWorkload] = []
        // A workload that runs alone is measured in this process; several each get a process of
        // their own, so that what one leaves in the heap (the allocator's free lists after a
        // hundred thousand effects) does not slow the next, the hand-written baselines included.
        let isolates = workloads.count > 1 && !options.runsInOneProcess && options.resultPath == nil
        for workload in workloads {
            switch workload.body {
            case .runnable(let body):
                if options.resultPath == nil { print("workload \(workload.number): \(workload.title)") }
                context.section = String(workload.number)
                if isolates {
                    do {
                        context.adopt(try WorkloadProcess.run(workload.number, options: options))
                    } catch {
                        FileHandle.standardError.write(Data("workload \(workload.number): \(error)\n".utf8))
                        return 1
                    }
                } else {
                    await body(context)
                }
            case .planned(let reason):
                print("workload \(workload.number): \(workload.title): not measured: \(reason)")
                planned.append(.init(workload: workload.number, title: workload.title, reason: reason))
            }
        }
        if options.measuresBuildTime {
            do {
                try measureBuildTime(into: context)
            } catch {
                FileHandle.standardError.write(Data("build time: \(error)\n".utf8))
                return 1
            }
        }
        if let path = options.resultPath {
            return WorkloadProcess.write(context, to: path)
        }
        let rows = context.rows
        let loadAfter = Report.loadAverage()
        print()
        print(Report.table(rows))
        print()
        print(
            "load average \(load(loadBefore)) before, \(load(loadAfter)) after; checksum \(context.checksum)")
        if let path = options.jsonPath {
            let document = Report.Document(
                mode: settings.isSmoke ? "smoke" : "full", date: Date().ISO8601Format(),
                machine: .init(
                    cores: ProcessInfo.processInfo.activeProcessorCount,
                    memoryBytes: ProcessInfo.processInfo.physicalMemory,
                    operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
                    loadBefore: loadBefore, loadAfter: loadAfter),
                rows: rows, planned: planned, checksum: String(context.checksum))
            do {
                try Report.json(document).write(to: URL(fileURLWithPath: path))
            } catch {
                FileHandle.standardError.write(Data("cannot write \(path): \(error)\n".utf8))
                return 1
            }
        }
        let failures = rows.filter { $0.verdict == .fail }
        if settings.isSmoke || failures.isEmpty { return 0 }
        print("\(failures.count) figure(s) over budget: \(failures.map(\.name).joined(separator: "; "))")
        return 1
    }

    private func measureBuildTime(into context: WorkloadContext) throws {
        let packagePath = options.packagePath ?? BuildTime.defaultPackagePath
        // The inspector is linked in debug builds by choice, with its server: the budget is the build
        // of what every user of the library builds.
        let products = try BuildTime.libraryProducts(packagePath: packagePath).filter {
            $0 != "StatoscopeInspector"
        }
        print("clean debug build of \(products.joined(separator: ", ")) in \(packagePath)")
        let seconds = try BuildTime.measure(packagePath: packagePath, products: products)
        let measured = Measured(
            name: "clean debug build: \(products.joined(separator: ", "))", unit: "s",
            samples: Samples([seconds]), operations: 1)
        context.section = "build"
        context.record(measured, budget: .value(atMost: 30))
    }

    private func plannedSuffix(_ workload: Workload) -> String {
        if case .planned(let reason) = workload.body { return " (not written yet: \(reason))" }
        return ""
    }

    private func load(_ value: Double?) -> String {
        value.map { String(format: "%.2f", $0) } ?? "unknown"
    }
}
