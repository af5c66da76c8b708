/// One image's key path getters, and the way from a getter's address to its mangled name.
package struct GetterImage: Sendable {
    /// Key path getters, by the address the image asks for: mangled names.
    let getters: [UInt: String]
    /// What the loader added to the addresses the image asks for.
    let slide: UInt
    /// The instructions of its code, for following thunks; nil where thunks are not followed.
    let architecture: TailJump.Architecture?
    /// The bits of a pointer that make its address: arm64e signs code pointers in the bits above
    /// them, which must go before the address is compared.
    let addressBits: UInt

    /// The mask of an arm64 address on Apple platforms, where user space ends below 2⁴⁷ (a
    /// translation table size of 17 bits, on macOS and iOS alike): the bits above are the pointer's
    /// signature on arm64e, and its tag where top-byte-ignore tags it.
    static let appleARM64AddressBits: UInt = (1 << 47) - 1

    /// The mangled name of the key path getter at `address` (as the running code sees it), through
    /// the unnamed thunks optimized builds put before getters, a few at most; nil where none is
    /// found. `code` gives the bytes at an address, at most `count`, as far as this image's code
    /// goes on; none outside it.
    func mangledGetter(at address: UInt, code: (_ address: UInt, _ count: Int) -> [UInt8]?) -> String? {
        var target = address & addressBits
        for jump in 0...3 {
            if target >= slide, let mangled = getters[target - slide] { return mangled }
            guard jump < 3, let architecture,
                let bytes = code(target, architecture.bytesRead),
                let next = TailJump.target(ofCode: bytes, at: target, architecture: architecture)
            else { return nil }
            target = next & addressBits
        }
        return nil
    }
}
