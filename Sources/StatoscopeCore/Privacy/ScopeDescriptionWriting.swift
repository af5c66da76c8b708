/// Whether a scope's description, or a value the library renders as text, is being written: a
/// scope met meanwhile (in another scope's state, or held by an event or an effect) writes its
/// type's name only, so that a description stays one block, an event's log line stays one line, and
/// a cycle of scopes ends.
package enum ScopeDescriptionWriting {
    @TaskLocal package static var isWriting = false
}
