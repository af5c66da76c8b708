import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Holds every file descriptor the process may still open, as an app that leaks them would, until
/// released: while it holds them, any `open`, `socket` or `accept` of the process fails with `EMFILE`.
final class DescriptorHog {
    private var held: [Int32] = []

    init() {
        while true {
            let descriptor = open("/dev/null", O_RDONLY)
            guard descriptor >= 0 else { break }
            held.append(descriptor)
        }
    }

    /// How many it holds.
    var count: Int { held.count }

    /// Closes every descriptor it holds.
    func release() {
        for descriptor in held { close(descriptor) }
        held.removeAll()
    }

    deinit { release() }
}
