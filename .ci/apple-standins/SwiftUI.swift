// Stand-in for Apple's SwiftUI: the documented signatures (labels, generic constraints, isolation) of
// the APIs Statoscope's code, tests and docs call. Type-checking only; see README.md.
import Observation

// MARK: Views

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent, FalseContent>: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > { TupleView((repeat each content)) }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
        fatalError()
    }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
        fatalError()
    }
}

public struct Text: View {
    nonisolated public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
    nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text {}
    public var body: Never { fatalError() }
}

public struct TextField<Label: View>: View {
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
    public var body: Never { fatalError() }
}

public struct Toggle<Label: View>: View {
    nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) where Label == Text {}
    public var body: Never { fatalError() }
}

public struct VStack<Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) where Content: View {}

    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {}
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

// MARK: Navigation

public struct NavigationPath {
    nonisolated public init() {}
}

public struct NavigationStack<Data, Root: View>: View {
    @MainActor @preconcurrency
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

    @MainActor @preconcurrency
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {}

    public var body: Never { fatalError() }
}

public enum PopoverAttachmentAnchor {
    case rect(Int)
}

public enum Edge {
    case top, leading, bottom, trailing
}

extension View {
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    nonisolated public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(0), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    nonisolated public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { EmptyView() }

    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { EmptyView() }

    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { EmptyView() }

    nonisolated public func task(
        priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void
    ) -> some View { EmptyView() }

    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        EmptyView()
    }
}

// MARK: State and bindings

public protocol DynamicProperty {}

@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    @preconcurrency
    nonisolated public init(get: @escaping @isolated(any) () -> Value, set: @escaping @isolated(any) (Value) -> Void) {}

    nonisolated public init(projectedValue: Binding<Value>) {}

    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    nonisolated public init(wrappedValue value: Value) {}
    nonisolated public init(initialValue value: Value) {}

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { fatalError() }
}

@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    nonisolated public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    nonisolated public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}

    public var wrappedValue: Value { fatalError() }
}

@frozen @propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    nonisolated public init(wrappedValue: Value) where Value: AnyObject & Observable {}
    nonisolated public init(_ wrappedValue: Value) where Value: AnyObject & Observable {}

    public var wrappedValue: Value { fatalError() }
    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<
        Subject
    > where Value: AnyObject {
        fatalError()
    }
}

// MARK: Apps

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension Never: Scene {}

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}
