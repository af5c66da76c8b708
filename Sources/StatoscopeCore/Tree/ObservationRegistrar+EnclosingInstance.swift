import Observation

/// What a property wrapper needs to stay observable in an `@Observable` class: the macro leaves a
/// wrapped property alone (it must be `@ObservationIgnored`), so the wrapper reports its reads and
/// changes itself, to a registrar of its own.
extension ObservationRegistrar {
    /// Tells observers that `keyPath` of `instance` was read, when `instance` is `Observable`.
    func registerAccess<Instance, Member>(to keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        tell(.access, keyPath, of: instance)
    }

    /// Runs `mutation` between telling observers of `instance` that `keyPath` changes and that it
    /// changed, when `instance` is `Observable`; else just runs it.
    func notifyingChange<Instance, Member>(
        of keyPath: KeyPath<Instance, Member>, of instance: Instance, _ mutation: () -> Void
    ) {
        willChange(keyPath, of: instance)
        defer { didChange(keyPath, of: instance) }
        mutation()
    }

    /// Tells observers of `instance` that `keyPath` is about to change, when `instance` is
    /// `Observable`: for a change made in place, where no closure can wrap it (``didChange(_:of:)``
    /// follows it).
    func willChange<Instance, Member>(_ keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        tell(.willSet, keyPath, of: instance)
    }

    /// Tells observers of `instance` that `keyPath` changed, when `instance` is `Observable`.
    func didChange<Instance, Member>(_ keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        tell(.didSet, keyPath, of: instance)
    }

    private enum Notice {
        case access, willSet, didSet
    }

    /// Tells observers `notice` about `keyPath` of `instance`, opened as the type that declares the
    /// property (the key path's root), when that type is `Observable`.
    private func tell<Instance, Member>(
        _ notice: Notice, _ keyPath: KeyPath<Instance, Member>, of instance: Instance
    ) {
        guard let type = Instance.self as? any Observable.Type else { return }
        func tell<Subject: Observable>(as _: Subject.Type) {
            guard let subject = instance as? Subject, let keyPath = keyPath as? KeyPath<Subject, Member>
            else {
                return
            }
            switch notice {
            case .access: access(subject, keyPath: keyPath)
            case .willSet: willSet(subject, keyPath: keyPath)
            case .didSet: didSet(subject, keyPath: keyPath)
            }
        }
        tell(as: type)
    }
}
