import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Middleware of a subclass and of its base class, generic or not, serve the events sent through either
/// type, and go with a released subclass instance; generic scopes each see only their own events.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareClassHierarchyTests {
    // "middleware added through either type sees every event", typed for the type it was added
    // through; both, in the order added; a plain base-class instance's middleware sees only its own.
    @Test func subclassAndBaseClassMiddlewareServeEventsSentThroughEitherType() {
        let derived = SayingDerived()
        let asBase: SayingBase = derived
        let plain = SayingBase()
        let log = MiddlewareLog()
        let throughBase = asBase.addMiddleware { scope, when, next in
            log.add("base-typed \(type(of: scope)) \(when) \(scope === derived)")
            guard case .say(let text) = when else { return try next(when) }
            try next(.say(text + "+b"))
        }
        let throughSubclass = derived.addMiddleware { scope, when, next in
            log.add("subclass-typed \(when) updates \(scope.derivedUpdates)")
            try next(when)
        }
        let onPlain = plain.addMiddleware { _, when, next in
            log.add("plain \(when)")
            try next(when)
        }
        derived.send(.say("one"))
        asBase.send(.say("two"))
        plain.send(.say("three"))
        #expect(
            log.items == [
                "base-typed SayingDerived say(\"one\") true", "subclass-typed say(\"one+b\") updates 0",
                "base-typed SayingDerived say(\"two\") true", "subclass-typed say(\"two+b\") updates 1",
                "plain say(\"three\")",
            ])
        #expect(derived.said == ["one+b", "two+b"])
        #expect(derived.derivedUpdates == 2)
        #expect(plain.said == ["three"])
        throughBase.remove()
        derived.send(.say("four"))
        #expect(derived.said.last == "four")
        #expect(log.items.last == "subclass-typed say(\"four\") updates 2")
        throughSubclass.remove()
        onPlain.remove()
    }

    // A subclass instance released with base-typed middleware kept: its captures go.
    @Test func aReleasedSubclassInstancesBaseTypedMiddlewareGoes() async {
        weak var sentinel: Sentinel?
        var registration: InstrumentRegistration?
        do {
            let derived = SayingDerived()
            let held = Sentinel()
            sentinel = held
            registration = (derived as SayingBase).addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            derived.send(.say("x"))
        }
        #expect(await pollUntil { sentinel == nil })
        registration?.remove()
    }

    // Generic scopes: each specialisation and each instance has its own middleware.
    @Test func genericScopesEachSeeOnlyTheirOwnEvents() {
        let ints = GenericMiddlewareBox<Int>()
        let otherInts = GenericMiddlewareBox<Int>()
        let strings = GenericMiddlewareBox<String>()
        let log = MiddlewareLog()
        let onInts = ints.addMiddleware { _, when, next in
            guard case .put(let value) = when else { return }
            log.add("ints \(value)")
            try next(.put(value * 2))
        }
        let onStrings = strings.addMiddleware { _, when, next in
            guard case .put(let value) = when else { return }
            log.add("strings \(value)")
            try next(.put(value.uppercased()))
        }
        ints.send(.put(1))
        otherInts.send(.put(5))
        strings.send(.put("a"))
        #expect(log.items == ["ints 1", "strings a"])
        #expect(ints.values == [2])
        #expect(otherInts.values == [5])
        #expect(strings.values == ["A"])
        onInts.remove()
        onStrings.remove()
    }

    // Generic class hierarchies: middleware through the generic base and through the subclass.
    @Test func genericBaseClassAndItsSubclassShareTheMiddleware() {
        let sub = GenericSub()
        let base: GenericBase<Int> = sub
        let log = MiddlewareLog()
        let throughBase = base.addMiddleware { scope, when, next in
            log.add("base \(type(of: scope))")
            guard case .put(let value) = when else { return }
            try next(.put(value + 1))
        }
        let throughSub = sub.addMiddleware { scope, when, next in
            log.add("sub \(scope.extra)")
            try next(when)
        }
        base.send(.put(1))
        sub.send(.put(10))
        #expect(log.items == ["base GenericSub", "sub 0", "base GenericSub", "sub 1"])
        #expect(sub.values == [2, 11])
        #expect(sub.extra == 2)
        throughBase.remove()
        throughSub.remove()
    }
}
