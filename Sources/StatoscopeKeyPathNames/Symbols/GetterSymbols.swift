import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

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
/// On Apple platforms `dladdr` names the getter where the image keeps its local symbols (a debug
/// build); failing that, the image's Mach-O symbol table (`LC_SYMTAB`) is read the same way.
///
/// Returns nil where the symbols are missing (a stripped binary): callers fall back to other means.
package enum GetterSymbols {
    private struct Cache {
        /// By path.
        var images: [String: LoadedImage?] = [:]
        var names: [UInt: String?] = [:]
        var added: [MachOImageBytes] = []
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

    /// Names getters from `image` before the process's own images: how tests on Linux name the
    /// properties of a plan from a Mach-O image. An address already named keeps its name.
    package static func add(_ image: MachOImageBytes) {
        cache.withLock { cache in cache.added.append(image) }
    }

    private static func resolve(_ address: UInt) -> String? {
        let added = cache.withLock { cache in cache.added }
        let mangled =
            added.lazy.compactMap { $0.mangledGetter(at: address) }.first ?? processGetter(at: address)
        return mangled.flatMap(propertyName(mangledGetter:))
    }

    /// `count` from the mangled key path getter of `Counter.count`.
    package static func propertyName(mangledGetter: String) -> String? {
        demangle(mangledGetter).flatMap(property(inKeyPathGetter:))
    }

    /// The mangled key path getter at `address` in the running process's images.
    private static func processGetter(at address: UInt) -> String? {
        #if canImport(Glibc)
            guard let mapping = ImageMappings.containing(address) else { return nil }
            return image(at: mapping.path) { LoadedImage.elf(mapping) }?.mangledGetter(at: address)
        #elseif canImport(Darwin)
            #if arch(arm64)
                let address = address & GetterImage.appleARM64AddressBits
            #endif
            guard let found = LoadedMachOImages.lookUp(address) else { return nil }
            if let symbol = found.symbol, symbol.hasPrefix("$s"), symbol.hasSuffix("TK") { return symbol }
            // Not a getter's symbol: a thunk before one, or an image whose local symbols `dladdr` does
            // not search.
            let cpu = LoadedMachOImages.cpu(ofHeaderAt: found.header)
            return image(at: found.path) {
                LoadedImage.machO(path: found.path, header: found.header, cpu: cpu)
            }?.mangledGetter(at: address)
        #else
            return nil
        #endif
    }

    /// The image of the file at `path`, read by `load` the first time only.
    private static func image(at path: String, load: () -> LoadedImage?) -> LoadedImage? {
        cache.withLock { cache in
            if let loaded = cache.images[path] { return loaded }
            let loaded = load()
            cache.images[path] = .some(loaded)
            return loaded
        }
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

    /// The Swift runtime's `swift_demangle`, as its C header declares it: `char *(const char *name,
    /// size_t nameLength, char *outputBuffer, size_t *outputBufferSize, uint32_t flags)`. `size_t`
    /// is `Int` here as the C importer makes it on every platform: both are the width of a pointer.
    private typealias SwiftDemangle =
        @convention(c) (
            UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?

    /// The runtime's demangler, found by name among the process's loaded images, or nil where the
    /// runtime does not export it (a statically linked one, say): names then go unresolved.
    private static func swiftDemangle() -> SwiftDemangle? {
        #if canImport(Darwin)
            let everyImage = RTLD_DEFAULT
        #else
            // glibc's `RTLD_DEFAULT`, a null handle, which Swift does not import as a pointer.
            let everyImage: UnsafeMutableRawPointer? = nil
        #endif
        guard let symbol = dlsym(everyImage, "swift_demangle") else { return nil }
        // SAFETY: Sound because `swift_demangle` is a C function (`SWIFT_RUNTIME_EXPORT`, C linkage
        // and calling convention), and `SwiftDemangle` is its C signature as the importer would
        // spell it, so the call through this pointer is a plain C call.
        return unsafeBitCast(symbol, to: SwiftDemangle.self)
    }

    private static func demangle(_ mangled: String) -> String? {
        guard let swiftDemangle = swiftDemangle() else { return nil }
        // SAFETY: Sound because `pointer` is used only inside the closure; called with a
        // NUL-terminated name and no output buffer, `swift_demangle` returns a string it allocated
        // with `malloc`, or nil, and `result` is copied into a `String` before it is freed.
        return mangled.withCString { pointer in
            guard let result = swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }
}
