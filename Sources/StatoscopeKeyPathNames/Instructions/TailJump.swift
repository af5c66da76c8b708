/// Where a function that only jumps to another one goes.
///
/// In optimized builds (x86_64 and arm64) a key path's getter can be a tiny thunk, with
/// no symbol of its own, that sets up a frame and tail-calls the real key path getter. Reading its
/// few instructions finds the getter, and with it the symbol that names the property.
///
/// The instructions are decoded from bytes, so the code of an image of another architecture (an
/// arm64 Mach-O image read on an x86_64 Linux machine) is read the same way as the process's own.
package enum TailJump {
    /// The instruction sets whose thunks are read.
    package enum Architecture: Sendable {
        case x86_64
        case arm64

        /// The running process's, if thunks are read for it.
        static var host: Architecture? {
            #if arch(x86_64)
                return .x86_64
            #elseif arch(arm64)
                return .arm64
            #else
                return nil
            #endif
        }

        /// How many bytes from a thunk's start ``TailJump/target(ofCode:at:architecture:)`` reads
        /// at most.
        package var bytesRead: Int {
            switch self {
            case .x86_64: 10
            // Six instructions: with pointer authentication (arm64e), `pacibsp` and `autibsp`
            // surround the four of frame set-up and tear-down.
            case .arm64: 24
            }
        }
    }

    /// The target of the thunk whose first bytes are `code`, placed at `address`; nil if `code`
    /// is anything else, or ends before its jump does (a function at the end of its section has
    /// fewer than ``Architecture/bytesRead`` bytes after it).
    package static func target(ofCode code: [UInt8], at address: UInt, architecture: Architecture) -> UInt? {
        switch architecture {
        case .x86_64:
            // push rbp; mov rbp, rsp; pop rbp (each optional), then jmp rel32.
            func starts(with bytes: [UInt8], at offset: Int) -> Bool {
                code.count >= offset + bytes.count
                    && code[offset..<(offset + bytes.count)].elementsEqual(bytes)
            }
            var offset = 0
            if starts(with: [0x55], at: offset) { offset += 1 }
            if starts(with: [0x48, 0x89, 0xE5], at: offset) { offset += 3 }
            if starts(with: [0x5D], at: offset) { offset += 1 }
            guard starts(with: [0xE9], at: offset), code.count >= offset + 5 else { return nil }
            let relative = (1...4).reduce(UInt32(0)) {
                $0 | UInt32(code[offset + $1]) << (8 * UInt32($1 - 1))
            }
            // Wrapping: the sum of a (possibly made-up) address and a displacement never traps.
            return address &+ UInt(offset + 5) &+ UInt(bitPattern: Int(Int32(bitPattern: relative)))
        case .arm64:
            // A few instructions of frame set-up and tear-down, then an unconditional `b`.
            for index in 0..<(min(code.count, architecture.bytesRead) / 4) {
                let word = (0..<4).reduce(UInt32(0)) {
                    $0 | UInt32(code[index * 4 + $1]) << (8 * UInt32($1))
                }
                guard word & 0xFC00_0000 == 0x1400_0000 else { continue }
                let immediate = Int32(bitPattern: (word & 0x03FF_FFFF) << 6) >> 6
                return address &+ UInt(index * 4) &+ UInt(bitPattern: Int(immediate) * 4)
            }
            return nil
        }
    }

    /// The `count` bytes of the running process's code at `address`. The caller makes sure they
    /// lie in mapped, executable memory.
    static func code(at address: UInt, count: Int) -> [UInt8]? {
        // SAFETY: Sound because the caller checked that the `count` bytes from `address` are mapped
        // (code is mapped readable); they are copied, and nothing is written.
        guard let start = UnsafeRawPointer(bitPattern: address), count >= 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}
