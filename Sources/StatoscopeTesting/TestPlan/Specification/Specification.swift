/// A plan as Markdown: Given / When / Then bullets, branches and subscopes nested under their step.
@MainActor
enum Specification {
    /// Renders the plan; with `failures`, from a run, the result and the failed steps are marked.
    static func render(_ core: PlanCore, failures: [PlanFailure]?) -> String {
        let function = core.function.hasSuffix("()") ? String(core.function.dropLast(2)) : core.function
        var text = "### \(core.title ?? core.scopeTypeName): \(Humanized.words(function))\n\n"
        var source = "`\(core.given.fileName):\(core.given.line)`, `\(core.function)`"
        if let failures = failures?.filter(\.failsTheTest) {
            source +=
                failures.isEmpty
                ? " · passed" : " · failed (\(failures.count) failure\(failures.count == 1 ? "" : "s"))"
        }
        text += "\(source)\n\n"
        let given = core.title ?? "a `\(core.scopeTypeName)`"
        text += "- **Given** \(given)\(mark(core.given, failures))\n"
        var previous: (depth: Int, keyword: SpecKeyword)? = (0, .given)
        render(core.main, failures: failures, previous: &previous, into: &text)
        return text
    }

    private static func render(
        _ line: PlanLine, failures: [PlanFailure]?, previous: inout (depth: Int, keyword: SpecKeyword)?,
        into text: inout String
    ) {
        for step in line.steps {
            // Gherkin's habit: a second Then (or When) in a row reads "And".
            var keyword = step.keyword
            if let last = previous, last.depth == step.depth, last.keyword == keyword,
                keyword == .then || keyword == .when
            {
                keyword = .and
            }
            let indent = String(repeating: "  ", count: step.depth)
            text += "\(indent)- **\(keyword.rawValue)** \(step.describe())\(mark(step.location, failures))\n"
            switch step.role {
            case .fork(let branch):
                var branchPrevious: (depth: Int, keyword: SpecKeyword)?
                render(branch, failures: failures, previous: &branchPrevious, into: &text)
                previous = nil
            case .note:
                previous = nil
            case .action, .check:
                previous = (step.depth, keyword == .and ? step.keyword : keyword)
            }
        }
    }

    private static func mark(_ location: StepLocation, _ failures: [PlanFailure]?) -> String {
        guard let failures, failures.contains(where: { $0.failsTheTest && $0.location == location }) else {
            return ""
        }
        return " **(failed)**"
    }
}
