/// Where a function that only jumps to another one goes.
///
/// In optimized builds (Swift 6.3, x86_64 and arm64) a key path's getter can be a tiny thunk, with
/// no symbol of its own, that sets up a frame and tail-calls the real key path getter. Reading its
/// few instructions finds the getter, and with it the symbol that names the property.
enum TailJump {
    /// How many bytes from a thunk's start ``target(of:)`` reads at most.
    static let bytesRead: UInt = 16

    /// The target of the thunk at `address`, or nil if the code there is anything else. The caller
    /// makes sure the ``bytesRead`` bytes from `address` lie in mapped, executable memory.
    static func target(of address: UInt) -> UInt? {
        // SAFETY: Sound because the caller checked that the `bytesRead` bytes from `address` are
        // mapped (code is mapped readable), and every read below stays within them: at most 10
        // bytes on x86_64, 16 on arm64. Nothing is written.
        guard let code = UnsafePointer<UInt8>(bitPattern: address) else { return nil }
        #if arch(x86_64)
            // push rbp; mov rbp, rsp; pop rbp (each optional), then jmp rel32.
            var offset = 0
            if code[offset] == 0x55 { offset += 1 }
            if code[offset] == 0x48, code[offset + 1] == 0x89, code[offset + 2] == 0xE5 { offset += 3 }
            if code[offset] == 0x5D { offset += 1 }
            guard code[offset] == 0xE9 else { return nil }
            let relative = (1...4).reduce(UInt32(0)) {
                $0 | UInt32(code[offset + $1]) << (8 * UInt32($1 - 1))
            }
            let next = Int(bitPattern: address) + offset + 5 + Int(Int32(bitPattern: relative))
            return UInt(bitPattern: next)
        #elseif arch(arm64)
            // Up to four instructions of frame set-up and tear-down, then an unconditional `b`.
            // SAFETY: Sound as above: the four words read are the 16 bytes the caller checked.
            let words = UnsafeRawPointer(code)
            for index in 0..<4 {
                let word = UInt32(
                    littleEndian: words.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                guard word & 0xFC00_0000 == 0x1400_0000 else { continue }
                let immediate = Int32(bitPattern: (word & 0x03FF_FFFF) << 6) >> 6
                return UInt(bitPattern: Int(bitPattern: address) + index * 4 + Int(immediate) * 4)
            }
            return nil
        #else
            return nil
        #endif
    }
}
