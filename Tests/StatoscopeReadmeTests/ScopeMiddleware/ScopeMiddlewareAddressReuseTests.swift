import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A scope made at the address of a released scope, dismissed or not, is neither refused nor served
/// by the released scope's middleware, and removing the released scope's registration spares it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareAddressReuseTests {
    // A new scope at a released scope's address never runs the old scope's middleware, whether it
    // comes before or after the release check.
    @Test func scopesAllocatedAfterAReleaseNeverRunTheReleasedScopesMiddleware() async {
        let log = MiddlewareLog()
        var oldID: ObjectIdentifier?
        var registration: InstrumentRegistration?
        weak var sentinel: Sentinel?
        do {
            let old = MiddlewareCounter()
            oldID = ObjectIdentifier(old)
            let held = Sentinel()
            sentinel = held
            registration = old.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                log.add("old \(when)")
                try next(when)
            }
            old.send(.add(-1))
        }
        var reused = 0
        var kept: [MiddlewareCounter] = []
        var wrong = 0
        for pass in 0..<2 {
            for index in 0..<2_000 {
                let scope = MiddlewareCounter()
                if ObjectIdentifier(scope) == oldID { reused += 1 }
                scope.send(.add(index))
                if scope.handled != ["add \(index)"] { wrong += 1 }
                if index % 3 == 0 { kept.append(scope) }
            }
            if pass == 0 { _ = await pollUntil { sentinel == nil } }
        }
        print("address reused \(reused) times")
        #expect(log.items == ["old add(-1)"])
        #expect(wrong == 0)
        registration?.remove()
    }

    // The scope at the released scope's address adds middleware of its own; the old registration is
    // then removed or released: the new one keeps running.
    @Test func removingAReleasedScopesRegistrationSparesTheScopeNowAtItsAddress() async {
        for waitForReleaseCheck in [false, true] {
            for releaseInsteadOfRemove in [false, true] {
                let log = MiddlewareLog()
                var oldRegistration: InstrumentRegistration?
                var oldID: ObjectIdentifier?
                weak var sentinel: Sentinel?
                do {
                    let old = MiddlewareCounter()
                    oldID = ObjectIdentifier(old)
                    let held = Sentinel()
                    sentinel = held
                    oldRegistration = old.addMiddleware { _, when, next in
                        withExtendedLifetime(held) {}
                        log.add("old \(when)")
                        try next(when)
                    }
                }
                if waitForReleaseCheck { #expect(await pollUntil { sentinel == nil }) }
                var candidates: [MiddlewareCounter] = []
                var target: MiddlewareCounter?
                for _ in 0..<1_000 {
                    let scope = MiddlewareCounter()
                    if ObjectIdentifier(scope) == oldID {
                        target = scope
                        break
                    }
                    candidates.append(scope)
                }
                let newcomer = target ?? MiddlewareCounter()
                print("address reused: \(target != nil)")
                let newRegistrations = ([newcomer] + candidates.prefix(50)).map { scope in
                    scope.addMiddleware { scope, when, next in
                        log.add("new \(ObjectIdentifier(scope) == oldID) \(when)")
                        try next(when)
                    }
                }
                if releaseInsteadOfRemove {
                    withExtendedLifetime(oldRegistration) {}
                    oldRegistration = nil
                } else {
                    oldRegistration?.remove()
                }
                newcomer.send(.ping)
                for scope in candidates.prefix(50) { scope.send(.ping) }
                let expected = "new \(target != nil) ping"
                #expect(
                    log.items.first == expected,
                    "address reused: \(target != nil), waited: \(waitForReleaseCheck), released: \(releaseInsteadOfRemove)"
                )
                #expect(log.items.count == 1 + min(50, candidates.count))
                #expect(!log.items.contains { $0.hasPrefix("old") })
                for registration in newRegistrations { registration.remove() }
            }
        }
    }

    // A new scope at a released scope's address, before the release check: it never runs the old
    // middleware; the old middleware's captures still go within the documented second; and the check
    // spares the new scope's own middleware, and its refusal once dismissed.
    @Test func theReleaseCheckSparesAScopeAllocatedAtTheReleasedAddress() async {
        for dismissNewcomer in [false, true] {
            let parent = WatchingParent()
            let log = MiddlewareLog()
            var oldID: ObjectIdentifier?
            weak var sentinel: Sentinel?
            var oldRegistration: InstrumentRegistration?
            do {
                let old = TappedChild()
                oldID = ObjectIdentifier(old)
                let held = Sentinel()
                sentinel = held
                oldRegistration = old.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    log.add("old \(when)")
                    try next(when)
                }
                old.send(.tap)
            }
            var spare: [TappedChild] = []
            var target: TappedChild?
            for _ in 0..<1_000 {
                let child = TappedChild()
                if ObjectIdentifier(child) == oldID {
                    target = child
                    break
                }
                spare.append(child)
            }
            print("address reused before the check: \(target != nil)")
            let newcomer = target ?? TappedChild()
            let reports = ScopeReports(for: newcomer)
            defer { reports.stop() }
            let newRegistration = newcomer.addMiddleware { _, when, next in
                log.add("new \(when)")
                try next(when)
            }
            if dismissNewcomer {
                parent.send(.present(newcomer))
                parent.send(.close)
            }
            newcomer.send(.tap)
            #expect(await pollUntil { sentinel == nil }, "the old middleware's captures go")
            newcomer.send(.tap)
            oldRegistration?.remove()
            newcomer.send(.tap)
            #expect(!log.items.contains("old tap") || log.items.first == "old tap")
            #expect(log.items.filter { $0 == "old tap" }.count == 1)
            if dismissNewcomer {
                #expect(newcomer.taps == 0)
                #expect(log.items == ["old tap"])
                #expect(reports.errors.count == 3)
            } else {
                #expect(newcomer.taps == 3)
                #expect(log.items == ["old tap", "new tap", "new tap", "new tap"])
                #expect(reports.errors.isEmpty)
            }
            newRegistration.remove()
            withExtendedLifetime(spare) {}
        }
    }

    // A dismissed child with middleware released, its registration kept: a scope later allocated at
    // its address is neither refused nor served by the old middleware.
    @Test func aScopeAtADismissedReleasedScopesAddressIsNeitherRefusedNorServedByItsMiddleware() async {
        let parent = WatchingParent()
        let log = MiddlewareLog()
        var oldID: ObjectIdentifier?
        weak var sentinel: Sentinel?
        var oldRegistration: InstrumentRegistration?
        do {
            let old = TappedChild()
            oldID = ObjectIdentifier(old)
            parent.send(.present(old))
            let held = Sentinel()
            sentinel = held
            oldRegistration = old.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                log.add("old \(when)")
                try next(when)
            }
            parent.send(.close)
            old.send(.tap)
        }
        #expect(await pollUntil { sentinel == nil })
        var children: [TappedChild] = []
        var reused = false
        var refused = 0
        for _ in 0..<2_000 {
            let child = TappedChild()
            if ObjectIdentifier(child) == oldID { reused = true }
            child.send(.tap)
            if child.taps != 1 { refused += 1 }
            children.append(child)
        }
        print("dismissed address reused: \(reused)")
        #expect(refused == 0)
        #expect(log.items.isEmpty)
        oldRegistration?.remove()
    }
}
