import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds-checked reads from the bytes of an executable file, whatever those bytes claim: an
/// offset or a count read from the file is checked before anything is read at it.
// SAFETY: Sound because every read below is of bytes whose offsets were first checked to lie inside
// the buffer, which its caller keeps valid for the call.
extension UnsafeRawBufferPointer {
    /// The integer at `offset`, stored little-endian unless `bigEndian`; nil when any of its bytes
    /// lies outside the buffer.
    func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int, bigEndian: Bool = false) -> T? {
        guard offset >= 0, offset <= count - MemoryLayout<T>.size else { return nil }
        let stored = loadUnaligned(fromByteOffset: offset, as: T.self)
        return bigEndian ? T(bigEndian: stored) : T(littleEndian: stored)
    }

    /// The name at `start` of a string table that ends at `end`, if it is a Swift symbol (`$s…`,
    /// after `leading`, the underscore Mach-O puts before C names) ending with `suffix`; without
    /// `leading`. Nil too when the name is not terminated inside the table.
    ///
    /// The bytes are tested before a `String` is made: a test binary holds hundreds of thousands
    /// of symbols, and only a few are kept.
    func swiftSymbol(at start: Int, tableEnd end: Int, leading: [UInt8] = [], suffix: [UInt8]) -> String? {
        guard start >= 0, end <= count, start < end, end - start > leading.count + 2 else { return nil }
        let name = start + leading.count
        for (index, byte) in leading.enumerated() where self[start + index] != byte { return nil }
        // Cheap test before looking for the end: Swift symbols start with "$s".
        guard self[name] == 0x24, self[name + 1] == 0x73, let base = baseAddress else { return nil }
        // SAFETY: Sound because `name..<end` lies inside the buffer (checked above), and `memchr`
        // reads no further than the count it is given.
        guard let terminator = memchr(base + name, 0, end - name) else { return nil }
        let stop = base.distance(to: UnsafeRawPointer(terminator))
        guard stop - name >= suffix.count,
            self[(stop - suffix.count)..<stop].elementsEqual(suffix)
        else { return nil }
        return String(decoding: self[name..<stop], as: UTF8.self)
    }
}
