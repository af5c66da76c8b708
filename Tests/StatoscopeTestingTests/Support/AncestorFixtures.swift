import Statoscope

// A three-level tree whose grandchild reads an ancestor that is not in it: a plan must fail the step,
// never stop the test process.

/// The ancestor the grandchild reads.
final class Observatory: Scope {
    var sightings = 0

    enum When { case sighted }

    func update(_ when: When) throws {
        sightings += 1
    }
}

/// The root of the tree: no `Observatory`.
final class Dome: Scope {
    @Subscope var telescope = Telescope()

    enum When { case opened }

    func update(_ when: When) throws {}
}

final class Telescope: Scope {
    @Subscope var lens = Lens()

    enum When { case pointed }

    func update(_ when: When) throws {}
}

/// Reads its `Observatory` on every sighting.
final class Lens: Scope {
    @Superscope var observatory: Observatory
    var sightings = 0

    enum When {
        case sights
        case polished
    }

    func update(_ when: When) throws {
        switch when {
        case .sights:
            sightings += 1
            observatory.send(.sighted)
        case .polished:
            break
        }
    }
}
