import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The inspector's suites, one test at a time: one inspector runs at a time in a process, and each
/// test starts one; other targets' suites that start inspectors wait for their turn. Instruments are
/// isolated from other targets' suites.
@MainActor
@Suite(.serialized, .oneInspectorSuiteAtATime, .isolatedInstruments)
struct InspectorTests {}
