import Observation

/// What a property wrapper needs to stay observable in an `@Observable` class: the macro leaves a
/// wrapped property alone (it must be `@ObservationIgnored`), so the wrapper reports its reads and
/// changes itself, to a registrar of its own.
extension ObservationRegistrar {
    /// Tells observers that `keyPath` of `instance` was read, when `instance` is `Observable`.
    func registerAccess<Instance, Member>(to keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        guard let type = Instance.self as? any Observable.Type else { return }
        // Opened as the type that declares the property, which the key path's root is.
        func registerAccess<Subject: Observable>(as _: Subject.Type) {
            guard let subject = instance as? Subject, let keyPath = keyPath as? KeyPath<Subject, Member>
            else {
                return
            }
            access(subject, keyPath: keyPath)
        }
        registerAccess(as: type)
    }

    /// Runs `mutation` between telling observers of `instance` that `keyPath` changes and that it
    /// changed, when `instance` is `Observable`; else just runs it.
    func notifyingChange<Instance, Member>(
        of keyPath: KeyPath<Instance, Member>, of instance: Instance, _ mutation: () -> Void
    ) {
        guard let type = Instance.self as? any Observable.Type else { return mutation() }
        func mutate<Subject: Observable>(as _: Subject.Type) {
            guard let subject = instance as? Subject, let keyPath = keyPath as? KeyPath<Subject, Member>
            else {
                return mutation()
            }
            withMutation(of: subject, keyPath: keyPath, mutation)
        }
        mutate(as: type)
    }

    /// Tells observers of `instance` that `keyPath` is about to change, when `instance` is
    /// `Observable`: for a change made in place, where no closure can wrap it (``didChange(_:of:)``
    /// follows it).
    func willChange<Instance, Member>(_ keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        guard let type = Instance.self as? any Observable.Type else { return }
        func willChange<Subject: Observable>(as _: Subject.Type) {
            guard let subject = instance as? Subject, let keyPath = keyPath as? KeyPath<Subject, Member>
            else {
                return
            }
            willSet(subject, keyPath: keyPath)
        }
        willChange(as: type)
    }

    /// Tells observers of `instance` that `keyPath` changed, when `instance` is `Observable`.
    func didChange<Instance, Member>(_ keyPath: KeyPath<Instance, Member>, of instance: Instance) {
        guard let type = Instance.self as? any Observable.Type else { return }
        func didChange<Subject: Observable>(as _: Subject.Type) {
            guard let subject = instance as? Subject, let keyPath = keyPath as? KeyPath<Subject, Member>
            else {
                return
            }
            didSet(subject, keyPath: keyPath)
        }
        didChange(as: type)
    }
}
