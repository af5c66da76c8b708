// Stand-in for Apple's SwiftUI: the declarations (labels, generic constraints, isolation, `sending`,
// `@Sendable`, `@isolated(any)`, availability on the platforms the package claims) of the APIs
// Statoscope's code, tests and docs call, each after the page of Apple's documentation named above it
// (developer.apple.com/documentation/swiftui/...), which shows the declaration of the current SDK.
// An API missing from a claimed platform is `@available(*, unavailable)` under that platform's
// `STANDIN_*` condition. Type-checking only; see README.md.
import Foundation
import Observation

// MARK: Views

// developer.apple.com/documentation/swiftui/view: `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/tupleview
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

// developer.apple.com/documentation/swiftui/viewbuilder
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

// developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4: `nonisolated init<S>(_ content: S)
// where S : StringProtocol`.
public struct Text: View {
    nonisolated public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7: `@preconcurrency nonisolated
// init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`.
public struct Button<Label: View>: View {
    @preconcurrency
    nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/textfield/init(_:text:)-4ywcd; every platform.
public struct TextField<Label: View>: View {
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) where Label == Text {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/toggle/init(_:ison:)-8qx3l; every platform.
public struct Toggle<Label: View>: View {
    nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) where Label == Text {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
public struct VStack<Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/list/init(content:)
public struct List<SelectionValue: Hashable, Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/foreach/init(_:id:content:) and init(_:content:)
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

// developer.apple.com/documentation/swiftui/navigationpath: `struct NavigationPath`; iOS 16,
// macOS 13, tvOS 16, watchOS 9, visionOS 1.
public struct NavigationPath {
    nonisolated public init() {}
}

// developer.apple.com/documentation/swiftui/navigationstack: `nonisolated struct NavigationStack<Data,
// Root> where Root : View`; iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1.
nonisolated public struct NavigationStack<Data, Root: View>: View {
    // .../navigationstack/init(root:): `nonisolated init(@ContentBuilder root: () -> Root) where Data ==
    // NavigationPath`.
    nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

    // .../navigationstack/init(path:root:)-3bt4q: `nonisolated init(path: Binding<Data>, @ContentBuilder
    // root: () -> Root) where Data : MutableCollection, Data : RandomAccessCollection, Data :
    // RangeReplaceableCollection, Data.Element : Hashable`.
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {}

    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/anchor/source: the anchor a popover's default
// `attachmentAnchor`, `.rect(.bounds)`, names.
public struct Anchor<Value> {
    public struct Source {
        public static var bounds: Source { Source() }
    }
}

// developer.apple.com/documentation/swiftui/popoverattachmentanchor: `enum PopoverAttachmentAnchor`,
// every platform (the popover modifiers that take it are not).
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
}

// developer.apple.com/documentation/swiftui/edge: `@frozen enum Edge`.
@frozen public enum Edge {
    case top, leading, bottom, trailing
}

extension View {
    // developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:): every platform.
    // Apple's `content` is `@ContentBuilder`, which builds views here as `@ViewBuilder` does.
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:):
    // iOS 14, tvOS 14, watchOS 7, visionOS 1; not macOS.
    #if STANDIN_MACOS
        @available(*, unavailable, message: "fullScreenCover(item:onDismiss:content:) is not on macOS")
    #endif
    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/popover(item:attachmentanchor:arrowedge:content:):
    // iOS 13, macOS 10.15, visionOS 1; not tvOS, not watchOS.
    #if STANDIN_TVOS || STANDIN_WATCHOS
        @available(*, unavailable, message: "popover(item:attachmentAnchor:arrowEdge:content:) is not on tvOS nor watchOS")
    #endif
    nonisolated public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/navigationdestination(item:destination:):
    // iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:):
    // iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u: every platform.
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/disabled(_:): `nonisolated func disabled(_ disabled:
    // Bool) -> some View`; iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1.
    nonisolated public func disabled(_ disabled: Bool) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:): iOS 15,
    // macOS 12, tvOS 15, watchOS 8, visionOS 1 (`name`, `file` and `line` do nothing before the 26.4
    // releases). The SDK interface marks `action` `@_inheritActorContext`: written in a view's `body`,
    // the closure runs on the main actor.
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/environment(_:)-4516h: `nonisolated func
    // environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable`; iOS 17,
    // macOS 14, tvOS 17, watchOS 10, visionOS 1.
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        EmptyView()
    }
}

// MARK: State and bindings

// developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// developer.apple.com/documentation/swiftui/binding: `@frozen @propertyWrapper @dynamicMemberLookup
// struct Binding<Value>`, `@unchecked Sendable` where `Value: Sendable`; every platform.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    // developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp: `@preconcurrency
    // init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any)
    // @Sendable (Value) -> Void)`. A closure that is not `@Sendable` and not isolated to an actor
    // (`{ @MainActor in ... }`) cannot capture a scope; `@preconcurrency` makes that a warning, an
    // error here as in the package's build.
    @preconcurrency
    nonisolated public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}

    // .../binding/init(projectedvalue:)
    nonisolated public init(projectedValue: Binding<Value>) {}

    // .../binding/constant(_:)
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

// developer.apple.com/documentation/swiftui/state: `@frozen @propertyWrapper struct State<Value>`;
// every platform.
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

// developer.apple.com/documentation/swiftui/environment: `@frozen @propertyWrapper struct
// Environment<Value>`; `init(_ objectType:)` for `Observable` objects: iOS 17, macOS 14, tvOS 17,
// watchOS 10, visionOS 1.
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    nonisolated public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
    nonisolated public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}

    public var wrappedValue: Value { fatalError() }
}

// developer.apple.com/documentation/swiftui/bindable: `@dynamicMemberLookup @propertyWrapper struct
// Bindable<Value>`; iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.
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

// developer.apple.com/documentation/swiftui/scene: `@MainActor @preconcurrency protocol Scene`.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

// developer.apple.com/documentation/swiftui/windowgroup/init(content:)
public struct WindowGroup<Content: View>: Scene {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

extension Never: Scene {}

// developer.apple.com/documentation/swiftui/app: `@MainActor @preconcurrency protocol App`.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}

// MARK: App structure: previews, scenes, lifecycle

// developer.apple.com/documentation/swiftui/navigationlink: `nonisolated struct NavigationLink<Label,
// Destination> where Label : View, Destination : View`; every platform.
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    // .../navigationlink/init(_:value:)-kj9v, with a `LocalizedStringKey`; the `StringProtocol` form
    // beside it is the same but for the title: `nonisolated init<S, P>(_ title: S, value: P?) where
    // Label == Text, S : StringProtocol, P : Hashable`; iOS 16, macOS 13, tvOS 16, watchOS 9,
    // visionOS 1.
    nonisolated public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?)
    where Label == Text, Destination == Never {}

    public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/scenephase: `enum ScenePhase`, with `active`, `inactive`
// and `background`; iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

// developer.apple.com/documentation/swiftui/environmentvalues: `struct EnvironmentValues`.
public struct EnvironmentValues {
    public init() {}

    // .../environmentvalues/scenephase: `var scenePhase: ScenePhase { get set }`.
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}

extension Environment {
    // developer.apple.com/documentation/swiftui/environment/init(_:): `init(_ keyPath:
    // KeyPath<EnvironmentValues, Value>)`; every platform.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
}

// developer.apple.com/documentation/swiftui/scenestorage: `@frozen @propertyWrapper struct
// SceneStorage<Value>`; iOS 14, macOS 11, tvOS 14, watchOS 7, visionOS 1. Of its initialisers
// (.../scenestorage/init(wrappedvalue:_:)), the one for optional `Data`.
@frozen @propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    public init(_ key: String) where Value == Data? {}

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { fatalError() }
}

// developer.apple.com/documentation/swiftui/focusstate: `@frozen @propertyWrapper struct
// FocusState<Value> where Value : Hashable`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1.
@frozen @propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    // .../focusstate/binding: `@frozen @propertyWrapper struct Binding`. Declared without
    // `@propertyWrapper` here: a wrapper needs a public initialiser, and Apple declares none; the code
    // checked against it only passes `$field` on.
    @frozen
    public struct Binding {
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set {}
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }

    // .../focusstate/init(): for a `Bool` value.
    public init() where Value == Bool {}
    // .../focusstate/init()-...: for an optional value.
    public init<T: Hashable>() where Value == T? {}

    // .../focusstate/wrappedvalue: `var wrappedValue: Value { get nonmutating set }`.
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }

    public var projectedValue: FocusState<Value>.Binding { fatalError() }
}

extension View {
    // developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg: `nonisolated func
    // onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View
    // where V : Equatable`; iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1.
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:): the same, with an action
    // that takes no values.
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/onopenurl(perform:): `nonisolated func
    // onOpenURL(perform action: @escaping (URL) -> ()) -> some View`; iOS 14, macOS 11, tvOS 14,
    // watchOS 7, visionOS 1.
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/focused(_:equals:): `nonisolated func
    // focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View where
    // Value : Hashable`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1.
    nonisolated public func focused<Value: Hashable>(
        _ binding: FocusState<Value>.Binding, equals value: Value
    ) -> some View { EmptyView() }
}

// developer.apple.com/documentation/swiftui/previewprovider: `@MainActor @preconcurrency protocol
// PreviewProvider : _PreviewProvider`, with `@ContentBuilder @MainActor @preconcurrency static var
// previews: Self.Previews { get }`; every platform. The `#Preview` macro
// (.../swiftui/preview(_:body:)) cannot be declared here: a macro needs its compiler plugin, which
// only Xcode has, so the samples that CI type-checks declare their previews with this protocol.
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}

// MARK: Presentation: alerts, dialogs, destinations

// developer.apple.com/documentation/swiftui/buttonrole: `struct ButtonRole`, with `static let cancel`
// and `static let destructive`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1.
public struct ButtonRole: Equatable, Sendable {
    public static let cancel = ButtonRole()
    public static let destructive = ButtonRole()
}

extension Button where Label == Text {
    // developer.apple.com/documentation/swiftui/button/init(_:role:action:), the `StringProtocol`
    // overload: `@preconcurrency nonisolated init<S>(_ title: S, role: ButtonRole?, action: @escaping
    // @MainActor () -> Void) where S : StringProtocol`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1.
    @preconcurrency
    nonisolated public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

// developer.apple.com/documentation/swiftui/visibility: `@frozen enum Visibility`; iOS 15, macOS 12,
// tvOS 15, watchOS 8, visionOS 1.
@frozen public enum Visibility: Hashable, Sendable {
    case automatic, visible, hidden
}

extension View {
    // developer.apple.com/documentation/swiftui/view/alert(_:ispresented:presenting:actions:message:)-8584l:
    // `nonisolated func alert<S, A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
    // @ContentBuilder actions: (T) -> A, @ContentBuilder message: (T) -> M) -> some View where S :
    // StringProtocol, A : View, M : View`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1. Apple's
    // builders are `@ContentBuilder`, which builds views here as `@ViewBuilder` does.
    nonisolated public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { EmptyView() }

    // developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:presenting:actions:message:),
    // the `StringProtocol` overload: `nonisolated func confirmationDialog<S, A, M, T>(_ title: S,
    // isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
    // @ContentBuilder actions: (T) -> A, @ContentBuilder message: (T) -> M) -> some View where S :
    // StringProtocol, A : View, M : View`; iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1.
    nonisolated public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { EmptyView() }
}
