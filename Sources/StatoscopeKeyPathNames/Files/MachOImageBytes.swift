/// A Mach-O image held as bytes, loaded `slide` bytes above the addresses it asks for: it names
/// key path getters as the image would once loaded, reading thunks from its bytes rather than from
/// memory. Tests name getters with it on Linux, from real Mach-O images.
package struct MachOImageBytes: Sendable {
    package let file: MachOFile
    private let bytes: [UInt8]
    private let getters: GetterImage

    /// Reads the image (from a universal file, the slice of `cpu`); throws what ``MachOFile`` refuses.
    package init(bytes: [UInt8], slide: UInt, cpu: (type: Int32, subtype: Int32)? = nil) throws(MachOFile
        .Malformed)
    {
        // SAFETY: Sound because the buffer is used only inside the closure, and what `MachOFile`
        // keeps is copied out of it.
        file = try MachOFile(bytes: bytes, preferring: cpu, symbolsEndingWith: "TK")
        self.bytes = bytes
        getters = file.getterImage(slide: slide)
    }

    /// The mangled name of the key path getter at `address`, through thunks read from the image's
    /// code.
    package func mangledGetter(at address: UInt) -> String? {
        getters.mangledGetter(at: address) { target, count in
            guard target >= getters.slide, let found = file.codeBytes(at: target - getters.slide) else {
                return nil
            }
            return Array(bytes[found.prefix(count)])
        }
    }
}
