import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A dismissed scope stays refused whether its middleware comes or goes; presented again, or moved, it
/// is served by its middleware again; a parent's middleware on its child goes with it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareDismissalTests {
    // "An event sent to a dismissed scope never reaches its update"; its middleware added before the
    // dismissal, or after, never sees it, and removing that middleware does not let the events through.
    @Test func aDismissedScopeStaysRefusedWhetherItsMiddlewareComesOrGoes() {
        let parent = WatchingParent()
        let child = TappedChild()
        parent.send(.present(child))
        let log = MiddlewareLog()
        let before = child.addMiddleware { _, when, next in
            log.add("before \(when)")
            try next(when)
        }
        child.send(.tap)
        parent.send(.close)
        let reports = ScopeReports(for: child)
        defer { reports.stop() }
        child.send(.tap)
        let after = child.addMiddleware { _, when, next in
            log.add("after \(when)")
            try next(when)
        }
        child.send(.tap)
        before.remove()
        child.send(.tap)
        after.remove()
        child.send(.tap)
        #expect(log.items == ["before tap"])
        #expect(child.taps == 1)
        #expect(reports.errors.count == 4)
        #expect(reports.errors.allSatisfy { $0 is EventToDismissedScope })
    }

    // A dismissed scope presented again: its kept middleware, and one added while it was dismissed,
    // serve its events again.
    @Test func aScopePresentedAgainIsServedByItsMiddlewareAgain() {
        let parent = WatchingParent()
        let child = TappedChild()
        parent.send(.present(child))
        let log = MiddlewareLog()
        let kept = child.addMiddleware { _, when, next in
            log.add("kept \(when)")
            try next(when)
        }
        parent.send(.close)
        let whileDismissed = child.addMiddleware { _, when, next in
            log.add("added while dismissed \(when)")
            try next(when)
        }
        child.send(.tap)
        parent.send(.present(child))
        child.send(.tap)
        #expect(log.items == ["kept tap", "added while dismissed tap"])
        #expect(child.taps == 1)
        kept.remove()
        whileDismissed.remove()
    }

    // "Moving is not dismissal": a child moved to another property keeps its middleware and its events.
    @Test func aMovedChildKeepsItsMiddleware() {
        let parent = WatchingParent()
        let child = TappedChild()
        parent.send(.present(child))
        let log = MiddlewareLog()
        let registration = child.addMiddleware { _, when, next in
            log.add("\(when)")
            try next(when)
        }
        defer { registration.remove() }
        parent.send(.moveToOther)
        child.send(.tap)
        #expect(parent.other === child)
        #expect(log.items == ["tap"])
        #expect(child.taps == 1)
    }

    // A parent keeps the registration of the middleware it adds to its child in update: it hears the
    // child; the child dismissed and released, the middleware's captures go.
    @Test func aParentsMiddlewareOnItsChildHearsItAndGoesWithIt() async {
        let parent = WatchingParent()
        parent.send(.presentWatched)
        weak let child = parent.child
        child?.send(.tap)
        child?.send(.tap)
        #expect(parent.heard == ["child taps 1", "child taps 2"])
        parent.send(.close)
        #expect(await pollUntil { child == nil })
        parent.send(.presentWatched)
        parent.child?.send(.tap)
        #expect(parent.heard == ["child taps 1", "child taps 2", "child taps 1"])
    }

    // A middleware that dismisses its own scope through its parent: the current event still reaches
    // update, the next ones are refused and never reach the middleware.
    @Test func aMiddlewareThatDismissesItsOwnScope() {
        let parent = WatchingParent()
        let child = TappedChild()
        parent.send(.present(child))
        let log = MiddlewareLog()
        let registration = child.addMiddleware { _, when, next in
            log.add("\(when)")
            parent.send(.close)
            try next(when)
        }
        defer { registration.remove() }
        let reports = ScopeReports(for: child)
        defer { reports.stop() }
        child.send(.tap)
        child.send(.tap)
        #expect(parent.child == nil)
        #expect(log.items == ["tap"])
        #expect(child.taps == 1)
        #expect(reports.errors.count == 1)
    }

    // "every event sent to one of them, or to a scope below one, is refused": a leaf below a
    // dismissed node is refused whether its middleware comes or goes, and never reaches it.
    @Test func aLeafBelowADismissedNodeStaysRefusedWhileItsMiddlewareComesAndGoes() {
        let root = ChainNode()
        let middle = ChainNode()
        let leaf = ChainNode()
        root.send(.link(middle))
        middle.send(.link(leaf))
        let log = MiddlewareLog()
        let first = leaf.addMiddleware { _, when, next in
            log.add("first \(when)")
            try next(when)
        }
        leaf.send(.touch)
        root.send(.unlink)
        let reports = ScopeReports(for: leaf)
        defer { reports.stop() }
        leaf.send(.touch)
        first.remove()
        leaf.send(.touch)
        let second = leaf.addMiddleware { _, when, next in
            log.add("second \(when)")
            try next(when)
        }
        leaf.send(.touch)
        second.remove()
        leaf.send(.touch)
        #expect(log.items == ["first touch"])
        #expect(leaf.touches == 1)
        #expect(reports.errors.count == 4)
        #expect(reports.errors.allSatisfy { $0 is EventToDismissedScope })
    }

    // Thousands of dismissed scopes and thousands of scopes with middleware share one filter: the
    // middleware of the ones coming and going never lets a dismissed scope's event through, and the
    // dismissed ones presented again never take another scope's middleware out.
    @Test func thousandsOfDismissedScopesAndScopesWithMiddlewareKeepEachOthersChecks() {
        let count = 2_000
        let parents = (0..<count).map { _ in WatchingParent() }
        let children = (0..<count).map { _ in TappedChild() }
        for index in 0..<count {
            parents[index].send(.present(children[index]))
            parents[index].send(.close)
        }
        let counters = (0..<count).map { _ in MiddlewareCounter() }
        let seen = CountsPerIndex(count)
        var registrations = (0..<count).map { index in
            counters[index].addMiddleware { _, when, next in
                seen.counts[index] += 1
                try next(when)
            }
        }
        for index in 0..<count where index % 2 == 0 { registrations[index].remove() }
        for child in children { child.send(.tap) }
        #expect(children.allSatisfy { $0.taps == 0 }, "dismissed scopes stay refused")
        for index in 0..<count where index % 2 == 0 { parents[index].send(.present(children[index])) }
        for counter in counters { counter.send(.ping) }
        for child in children { child.send(.tap) }
        let wrongCounts = (0..<count).filter { seen.counts[$0] != ($0 % 2 == 0 ? 0 : 1) }
        #expect(wrongCounts.isEmpty, "\(wrongCounts.prefix(10))")
        let wrongTaps = (0..<count).filter { children[$0].taps != ($0 % 2 == 0 ? 1 : 0) }
        #expect(wrongTaps.isEmpty, "\(wrongTaps.prefix(10))")
        for index in 0..<count where index % 2 == 1 { registrations[index].remove() }
        registrations.removeAll()
        for child in children { child.send(.tap) }
        #expect((0..<count).allSatisfy { children[$0].taps == ($0 % 2 == 0 ? 2 : 0) })
    }

    // A dismissed child released with its middleware's registration kept elsewhere: the middleware's
    // captures go with it.
    @Test func aDismissedAndReleasedChildsMiddlewareGoes() async {
        let parent = WatchingParent()
        weak var sentinel: Sentinel?
        weak var weakChild: TappedChild?
        var registration: InstrumentRegistration?
        do {
            let child = TappedChild()
            weakChild = child
            parent.send(.present(child))
            let held = Sentinel()
            sentinel = held
            registration = child.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            child.send(.tap)
            parent.send(.close)
            child.send(.tap)
        }
        #expect(await pollUntil { weakChild == nil })
        #expect(await pollUntil { sentinel == nil })
        registration?.remove()
    }
}
