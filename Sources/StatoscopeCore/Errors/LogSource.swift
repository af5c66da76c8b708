/// The source every log line of the library names, whichever of its modules writes it: users filter
/// on the library, not on how it is split.
package enum LogSource {
    package static var name: String { "Statoscope" }
}
