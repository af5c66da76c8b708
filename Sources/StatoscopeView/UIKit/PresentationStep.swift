/// What a presenter that shows one thing at a time (a view controller presented modally, an alert)
/// does to follow a scope: dismiss what it shows, present what the scope holds, both when the scope
/// holds another, or nothing.
package struct PresentationStep: Equatable {
    /// Whether the presenter dismisses what it shows.
    package let dismissesShown: Bool
    /// Whether the presenter presents what the scope holds, once it has dismissed what it showed.
    package let presentsHeld: Bool

    /// The step from showing `shown` to showing `held`, each nil for nothing, compared by identity.
    package init(shown: AnyObject?, held: AnyObject?) {
        let same = shown === held
        dismissesShown = shown != nil && !same
        presentsHeld = held != nil && !same
    }
}
