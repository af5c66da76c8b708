// Stand-in for Apple's Combine: the declarations of the APIs Statoscope's code and tests call, each
// after the page of Apple's documentation named above it (developer.apple.com/documentation/combine/...).
// Combine is on every platform the package claims (iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1).
// Type-checking only; see README.md.

// .../combine/cancellable
public protocol Cancellable {
    func cancel()
}

// .../combine/anycancellable: `final class AnyCancellable`.
public final class AnyCancellable: Cancellable, Hashable {
    public init(_ cancel: @escaping () -> Void) {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) {}
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// .../combine/publisher: `protocol Publisher<Output, Failure>`.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

// .../combine/publisher/sink(receivevalue:)
extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
}

// .../combine/observableobjectpublisher: `final class ObservableObjectPublisher`, with `init()` and
// `send()`.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

// .../combine/observableobject: `protocol ObservableObject : AnyObject`, whose
// `ObjectWillChangePublisher` defaults to `ObservableObjectPublisher`.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

// .../combine/observableobject/objectwillchange-5gopl: `var objectWillChange: ObservableObjectPublisher
// { get }`. Apple documents that this synthesized publisher "emits the changed value before any of its
// `@Published` properties changes", and nothing more: not that a class with no `@Published` property
// gets the same publisher on every read. So this stand-in promises no more than that: it makes a new
// publisher on every read, and code that needs one publisher declares its own
// (`let objectWillChange = ObservableObjectPublisher()`).
extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

// .../combine/published: `@propertyWrapper struct Published<Value>`.
@propertyWrapper
public struct Published<Value> {
    public init(wrappedValue: Value) {}
    public init(initialValue: Value) {}

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }

    public var projectedValue: Publisher {
        get { Publisher() }
        set {}
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { fatalError() }
        set {}
    }
}
