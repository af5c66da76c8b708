import Foundation
import Statoscope

#if canImport(Glibc)
    import Glibc
#endif

/// Names the getter behind a computed key path component, from the symbol table of the binary that
/// holds it.
///
/// `@Observable` makes stored properties computed, so their key paths print as
/// `<computed 0x… (Int)>`, where the address is the key path getter the compiler emitted for the
/// property. That getter has a local symbol (`…5countSivpACTK`, "key path getter for
/// Counter.count"), absent from the dynamic symbol table that `dladdr` reads but present in the
/// ELF `.symtab` unless the binary is stripped. This reads `.symtab` once per loaded image, keeping
/// only key path getters, and demangles the one asked for. It needs no reflection metadata, so
/// it works with `-disable-reflection-metadata` and in release builds alike.
///
/// Returns nil where the symbols are missing (a stripped binary) or the platform's images are not
/// ELF (Apple platforms): callers fall back to other means.
package enum GetterSymbols {
    private struct Image {
        let path: String
        /// The address the image's virtual address 0 is loaded at.
        let bias: UInt
        /// Key path getters, by virtual address: mangled names.
        let getters: [UInt: String]
    }

    private struct Cache {
        var images: [String: Image?] = [:]
        var names: [UInt: String?] = [:]
    }

    // Read and written from the main actor and from the test's thread alike.
    private static let cache = CriticalState(Cache())

    /// The name of the property whose key path getter is at `address`: `count`, or nil.
    package static func propertyName(getterAddress address: UInt) -> String? {
        if let known = cache.withLock({ cache in cache.names[address] }) { return known }
        let name = resolve(address)
        cache.withLock { cache in cache.names[address] = .some(name) }
        return name
    }

    private static func resolve(_ address: UInt) -> String? {
        #if canImport(Glibc)
            guard let mapping = ImageMappings.containing(address) else { return nil }
            let image: Image? = cache.withLock { cache in
                if let loaded = cache.images[mapping.path] { return loaded }
                let loaded = load(mapping)
                cache.images[mapping.path] = .some(loaded)
                return loaded
            }
            guard let image else { return nil }
            // Optimized builds may point the key path at an unnamed thunk that only jumps to the
            // getter: follow such jumps, a few at most.
            var target = address
            for _ in 0..<3 {
                if target >= image.bias, let mangled = image.getters[target - image.bias] {
                    return demangle(mangled).flatMap(property(inKeyPathGetter:))
                }
                // The whole thunk `TailJump` reads must lie in the mapped code, not only its start.
                guard mapping.contains(target, count: TailJump.bytesRead),
                    let next = TailJump.target(of: target)
                else { return nil }
                target = next
            }
            return nil
        #else
            return nil
        #endif
    }

    /// `count` from "key path getter for Module.Counter.count : Swift.Int : Module.Counter".
    package static func property(inKeyPathGetter demangled: String) -> String? {
        let prefix = "key path getter for "
        guard demangled.hasPrefix(prefix) else { return nil }
        let declaration = demangled.dropFirst(prefix.count)
        guard let colon = declaration.range(of: " : ") else { return nil }
        let qualified = declaration[..<colon.lowerBound]
        // A subscript ("Type.subscript(Swift.Int) -> …") has no single name to offer.
        guard !qualified.contains("(") else { return nil }
        guard let name = qualified.split(separator: ".").last, !name.isEmpty else { return nil }
        return String(name)
    }

    private static func load(_ mapping: ImageMappings.Mapping) -> Image? {
        guard let file = ELFFile(path: mapping.path) else { return nil }
        defer { file.close() }
        guard let lowest = file.lowestLoadAddress, mapping.base >= lowest else { return nil }
        let getters = file.swiftSymbols(endingWith: "TK")
        return Image(path: mapping.path, bias: mapping.base - lowest, getters: getters)
    }

    // SAFETY: Sound because this is the Swift runtime's exported C entry point, declared with its C
    // signature: called with a NUL-terminated name and no buffer, it returns a string it allocated
    // with `malloc`, or nil, which `demangle` frees after copying it.
    @_silgen_name("swift_demangle")
    private static func swiftDemangle(
        _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
        _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
        _ flags: UInt32
    ) -> UnsafeMutablePointer<CChar>?

    private static func demangle(_ mangled: String) -> String? {
        // SAFETY: Sound because `pointer` is used only inside the closure, and `result` is copied
        // into a `String` before it is freed.
        mangled.withCString { pointer in
            guard let result = swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }
}
