import Foundation
import StatoscopeKeyPathNames

// The Mach-O fixtures (`Fixtures/MachO`, see its README): real images linked on Linux, whose symbol
// tables name key path getters as an Apple platform's test bundle does.

enum MachOFixture: String, CaseIterable {
    case arm64 = "getters-arm64"
    case arm64Stripped = "getters-arm64-stripped"
    case arm64e = "getters-arm64e"
    case universal = "getters-universal"

    /// Where the file is, among the test bundle's resources.
    var path: String {
        Bundle.module.bundleURL.appendingPathComponent("MachO/\(rawValue).bundle").path
    }

    var bytes: [UInt8] {
        get throws { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }
    }

    // Where the linker put the fixture's symbols (`llvm-nm`): the same in every arm64 slice.
    /// `Fixture.Counter.title`'s key path getter, exported.
    static let titleGetter: UInt = 0x220
    /// `Fixture.Counter.tapCount`'s key path getter, a local symbol.
    static let tapCountGetter: UInt = 0x224
    /// A thunk that only jumps to `tapCount`'s getter, behind arm64e's `pacibsp`, frame and `autibsp`.
    static let thunk: UInt = 0x22C
    /// The same three in the x86_64 slice of the universal file.
    static let x86TapCountGetter: UInt = 0x211
    static let x86Thunk: UInt = 0x214

    static let tapCountSymbol = "$s7Fixture7CounterC8tapCountSivpACTK"
    static let titleSymbol = "$s7Fixture7CounterC5titleSSvpACTK"
}

/// The offset of the first load command of type `command` in a thin 64-bit Mach-O image.
func loadCommandOffset(_ command: UInt32, in bytes: [UInt8]) -> Int? {
    var cursor = 32
    for _ in 0..<Int(bytes.integer(UInt32.self, at: 16)) {
        if bytes.integer(UInt32.self, at: cursor) == command { return cursor }
        cursor += Int(bytes.integer(UInt32.self, at: cursor + 4))
    }
    return nil
}

extension Array where Element == UInt8 {
    /// The integer at `offset`, stored little-endian, or big-endian.
    func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int, bigEndian: Bool = false) -> T {
        let bytes = self[offset..<(offset + MemoryLayout<T>.size)]
        return (bigEndian ? Array(bytes.reversed()) : Array(bytes)).enumerated().reduce(T.zero) {
            $0 | T($1.element) << (8 * $1.offset)
        }
    }

    /// Stores `value` at `offset`, little-endian, or big-endian.
    mutating func store<T: FixedWidthInteger>(_ value: T, at offset: Int, bigEndian: Bool = false) {
        let bytes = (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        replaceSubrange(offset..<(offset + bytes.count), with: bigEndian ? bytes.reversed() : bytes)
    }
}
