import Foundation

/// The layout of the file a surviving flight recorder keeps: a header, then a ring of fixed-size
/// slots, each holding one line of a recording, all integers little-endian.
///
/// ```
/// header (4,096 bytes)
///   0  magic "STSFLREC"          8  format version (UInt32)   12  header size (UInt32)
///  16  slot count (UInt32)       20  slot size (UInt32)       24  state (UInt32: 1 open, 2 closed)
///  28  signal (Int32, 0: none)   32  last entry's time (Int64, ns since 1970, 0: none)
///  40  app version's length      44  root type's length (UInt32 each)
///  48  last sequence begun (UInt64)                           56  events before it (UInt64)
///  64  last sequence handed to the writer (UInt64)            72  last sequence written whole (UInt64)
///  80  app version (UTF-8, up to 1,024 bytes)               1104  root type (UTF-8, up to 2,992 bytes)
/// slot (slot size bytes), entry `s` (counting from 1) in slot `(s - 1) % slot count`
///   0  line's length (UInt32)    4  kind (UInt8: 1 event, 2 effect step), 3 zero bytes
///   8  sequence (UInt64)        16  events up to this entry, itself included (UInt64)
///  24  time (Int64, ns since 1970)                            32  checksum (UInt64)
///  40  the line, without its terminator
/// ```
///
/// The checksum covers a slot's first 32 bytes and its line: a slot the process was writing when it
/// died does not match it, so it is dropped rather than misread. A slot is written in place while the
/// header says the file is open; stopping the recorder sets the state to closed. The recorder numbers
/// each entry as it keeps it and its writer thread fills the slot: the two sequences of the header
/// say how many entries the process kept that never reached the file.
enum SurvivingLogLayout {
    static let magic: [UInt8] = Array("STSFLREC".utf8)
    /// The version this library writes and reads.
    static let version: UInt32 = 1
    static let headerSize = 4_096

    enum Header {
        static let version = 8
        static let headerSize = 12
        static let slotCount = 16
        static let slotSize = 20
        static let state = 24
        static let signal = 28
        static let lastTime = 32
        static let appVersionLength = 40
        static let rootTypeLength = 44
        static let lastSequence = 48
        static let eventsBeforeLast = 56
        static let handedOver = 64
        static let lastWritten = 72
        static let appVersion = 80
        static let appVersionCapacity = 1_024
        static let rootType = appVersion + appVersionCapacity
        static let rootTypeCapacity = SurvivingLogLayout.headerSize - rootType
    }

    enum State {
        static let open: UInt32 = 1
        static let closed: UInt32 = 2
    }

    enum Slot {
        static let length = 0
        static let kind = 4
        static let sequence = 8
        static let eventNumber = 16
        static let time = 24
        /// Where the checksum lies; it covers the bytes before it and the line.
        static let checksum = 32
        static let line = 40
    }

    enum Kind {
        static let event: UInt8 = 1
        static let step: UInt8 = 2
    }

    /// The shortest and longest line a slot may hold: a slot holds at least an unrecordable line's
    /// reason with a usual path, and at most what a recording's line may be.
    static let lineLengths = 512...RecordingFormat.maximumLineLength
    /// The largest file: a larger request keeps fewer slots.
    static let maximumFileSize = 1 << 30

    /// How many slots, and of which size, a file keeping `capacity` lines of at most
    /// `maximumLineLength` bytes has: the line length brought within ``lineLengths``, the count
    /// within one and what ``maximumFileSize`` holds.
    static func geometry(capacity: Int, maximumLineLength: Int) -> (slotCount: Int, slotSize: Int) {
        let lineLength = min(max(maximumLineLength, lineLengths.lowerBound), lineLengths.upperBound)
        let slotSize = Slot.line + lineLength
        let slotCount = min(max(capacity, 1), (maximumFileSize - headerSize) / slotSize)
        return (slotCount, slotSize)
    }

    /// The checksum of a slot whose first 32 bytes are at `slot` and whose line is `line`.
    ///
    /// FNV-1a over 8-byte words, then the last bytes one at a time: a changed byte anywhere changes it.
    static func checksum(slotHead: UnsafeRawBufferPointer, line: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        hash = mix(slotHead, into: hash)
        hash = mix(line, into: hash)
        return hash ^ UInt64(line.count)
    }

    private static func mix(_ bytes: UnsafeRawBufferPointer, into start: UInt64) -> UInt64 {
        var hash = start
        let words = bytes.count / 8
        for index in 0..<words {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
        }
        for index in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The wall clock now, in nanoseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}

extension UnsafeMutableRawPointer {
    /// Stores `value` little-endian at `offset`, aligned or not.
    func storeLittleEndian<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian integer at `offset`, aligned or not; the caller checks the bounds.
    func littleEndian<T: FixedWidthInteger>(at offset: Int, as type: T.Type) -> T {
        T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
