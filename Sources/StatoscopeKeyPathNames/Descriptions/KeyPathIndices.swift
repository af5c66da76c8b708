/// The indices of a key path's `Array` subscripts, which its description leaves out: `\.rows[7]`
/// prints as `.<computed 0x… (Row)>`, whatever the index.
///
/// The index is read from the key path object, as the standard library lays it out (its
/// `KeyPathBuffer`): a buffer of components, each a 32-bit header, then its body, then the type it
/// leads to. The walk checks every read against the buffer's size and gives up, leaving the
/// description as it was, on anything it does not expect.
enum KeyPathIndices {
    /// The getter every `Array` subscript of a key path calls, whatever the element type: the
    /// standard library's generic one.
    private static let arraySubscriptGetter = ComputedToken.all(in: String(describing: \[Int].[0])).first?
        .address

    /// `description` with each `Array` subscript component written as the test wrote it: `.rows[7]`.
    static func writingIndices(of keyPath: AnyKeyPath, into description: String) -> String {
        guard let getter = arraySubscriptGetter else { return description }
        let tokens = ComputedToken.all(in: description).filter { $0.address == getter }
        guard !tokens.isEmpty, let indices = arrayIndices(of: keyPath, getter: getter),
            indices.count == tokens.count
        else { return description }
        var text = description
        // In order: the first component left unnamed is the next one read.
        for (token, index) in zip(tokens, indices) {
            guard let range = text.range(of: "." + token.text) else { return description }
            text.replaceSubrange(range, with: "[\(index)]")
        }
        return text
    }

    // The layout's constants, as the Swift runtime's KeyPath.h declares them.
    private static let sizeMask: UInt32 = 0x00FF_FFFF
    private static let kindMask: UInt32 = 0x7F00_0000
    private static let structKind: UInt32 = 1 << 24
    private static let computedKind: UInt32 = 2 << 24
    private static let classKind: UInt32 = 3 << 24
    private static let optionalKind: UInt32 = 4 << 24
    private static let outOfLineOffset: UInt32 = 0x007F_FFFF
    private static let settable: UInt32 = 0x0040_0000
    private static let hasArguments: UInt32 = 0x0008_0000
    private static let instantiatedFromExternalWithArguments: UInt32 = 0x0000_0010

    /// The index each component calling `getter` takes, in order; nil when the object is not laid
    /// out as expected.
    private static func arrayIndices(of keyPath: AnyKeyPath, getter: UInt) -> [Int]? {
        // Two words of object header and the key path's one stored property come before the buffer,
        // whose own header is padded to a word.
        let word = MemoryLayout<Int>.size
        guard word == 8 else { return nil }
        return withExtendedLifetime(keyPath) {
            // SAFETY: Sound because the object stays alive for the closure (`withExtendedLifetime`), it
            // is only read, and every read past its buffer's header is checked against the size that
            // header gives, which the runtime wrote when it made the key path.
            let object = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
            let size = Int(object.load(fromByteOffset: 3 * word, as: UInt32.self) & sizeMask)
            let buffer = UnsafeRawBufferPointer(start: object + 4 * word, count: size)
            var offset = 0
            var indices: [Int] = []
            while true {
                guard let header = buffer.integer(UInt32.self, at: offset) else { return nil }
                offset += 4
                switch header & kindMask {
                case structKind, classKind:
                    if header & outOfLineOffset == outOfLineOffset { offset += 4 }
                case optionalKind:
                    break
                case computedKind:
                    // After the header's 4 bytes, padding to a word, then the ID and the getter.
                    guard let componentGetter = buffer.integer(UInt.self, at: offset + 4 + word) else {
                        return nil
                    }
                    offset += 4 + 2 * word
                    if header & settable != 0 { offset += word }
                    if header & hasArguments != 0 {
                        // The arguments' size and witnesses, then the arguments themselves.
                        guard let argumentSize = buffer.integer(Int.self, at: offset), argumentSize >= 0
                        else {
                            return nil
                        }
                        offset += 2 * word
                        if header & instantiatedFromExternalWithArguments != 0 { offset += word }
                        if componentGetter == getter {
                            guard argumentSize >= word, let index = buffer.integer(Int.self, at: offset)
                            else {
                                return nil
                            }
                            indices.append(index)
                        }
                        offset += argumentSize
                    }
                default:
                    return nil
                }
                if offset == size { return indices }
                // The type the component leads to, aligned to a word, before the next component.
                offset = (offset + word - 1) / word * word + word
                guard offset < size else { return nil }
            }
        }
    }
}
