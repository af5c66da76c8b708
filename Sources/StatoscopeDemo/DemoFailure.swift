/// An error the demo explains to its user; ArgumentParser prints it and exits with a failure.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
