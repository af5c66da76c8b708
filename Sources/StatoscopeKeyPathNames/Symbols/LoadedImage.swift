/// An image of the running process: its key path getters, and where its code is mapped, the only
/// memory a thunk is read from.
package struct LoadedImage: Sendable {
    let getters: GetterImage
    /// The executable ranges of the image, as mapped.
    let code: [Range<UInt>]

    /// The mangled name of the key path getter at `address`, through thunks read from the image's
    /// mapped code.
    package func mangledGetter(at address: UInt) -> String? {
        getters.mangledGetter(at: address) { target, count in
            guard let range = code.first(where: { $0.contains(target) }) else { return nil }
            return TailJump.code(at: target, count: min(count, Int(range.upperBound - target)))
        }
    }

    /// The ELF file of `mapping`, with its symbol table; nil where it has none or cannot be read.
    static func elf(_ mapping: ImageMappings.Mapping) -> LoadedImage? {
        guard let file = ELFFile(path: mapping.path) else { return nil }
        defer { file.close() }
        guard let lowest = file.lowestLoadAddress, mapping.base >= lowest else { return nil }
        let getters = GetterImage(
            getters: file.swiftSymbols(endingWith: "TK"), slide: mapping.base - lowest,
            architecture: .host, addressBits: ~0)
        return LoadedImage(getters: getters, code: mapping.code)
    }

    /// The Mach-O file at `path` (an image, or a universal file holding the slice of `cpu`), whose
    /// header is loaded at `header`; nil where it cannot be read or is not a Mach-O image.
    package static func machO(path: String, header: UInt, cpu: (type: Int32, subtype: Int32)?) -> LoadedImage?
    {
        guard let file = MappedFile(path: path, minimumSize: 32) else { return nil }
        defer { file.close() }
        guard
            let image = try? MachOFile(bytes: file.bytes, preferring: cpu, symbolsEndingWith: "TK"),
            let headerAddress = image.headerAddress
        else { return nil }
        let slide = header &- headerAddress
        let code = image.code.compactMap { section -> Range<UInt>? in
            let start = section.address &+ slide
            let (end, overflow) = start.addingReportingOverflow(UInt(section.size))
            return overflow ? nil : start..<end
        }
        return LoadedImage(getters: image.getterImage(slide: slide), code: code)
    }
}
