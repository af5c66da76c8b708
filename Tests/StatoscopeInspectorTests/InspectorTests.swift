import StatoscopeTesting
import Testing

/// The inspector's suites, one test at a time: one inspector runs at a time in a process, and each
/// test starts one. Instruments are isolated from other targets' suites.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct InspectorTests {}
