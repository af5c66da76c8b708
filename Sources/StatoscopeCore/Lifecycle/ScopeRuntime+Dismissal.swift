extension ScopeRuntime {
    /// Whether the scope is out of the app: dismissed, leaving it (unlinked by the running update),
    /// or released. A test plan reads it to say that an effect ended because its scope was dismissed;
    /// a scope that a dismissal releases at once has its effects cancelled while it is still leaving.
    package var hasLeftTheApp: Bool {
        scope == nil || tree.lifetime == .dismissed || tree.lifetime == .leaving
    }
}
