#if canImport(Testing)
    import Testing
#endif

/// The Swift Testing test running on the current task, as a specification's file is named after it.
///
/// Swift Testing keeps the running test in a task-local value, so it is read on the test's own task.
/// XCTest tells a library no such thing: there, a plan is named after the function that calls
/// `GIVEN` (its `function` parameter).
struct RunningTest: Equatable {
    /// The file that declares the test, without its extension: `SyncTests`.
    let file: String
    /// The test function, without its parameters: `openingAnArticleMarksItRead`.
    let function: String

    /// The test running on this task, if Swift Testing runs one.
    static var current: RunningTest? {
        #if canImport(Testing)
            guard let test = Test.current else { return nil }
            return RunningTest(
                file: String(
                    test.sourceLocation.fileName.hasSuffix(".swift")
                        ? test.sourceLocation.fileName.dropLast(6) : test.sourceLocation.fileName[...]),
                function: String(test.name.prefix { $0 != "(" }))
        #else
            return nil
        #endif
    }
}
