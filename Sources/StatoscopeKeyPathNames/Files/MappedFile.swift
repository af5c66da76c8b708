import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only, for reading an image's symbols without copying the whole file.
struct MappedFile {
    // SAFETY: Sound because the buffer is exactly the read-only mapping `init` made, and it is
    // unmapped only by `close()`, which its users call when done with the file, after copying what
    // they kept; they read it through the bounds-checked reads of `UnsafeRawBufferPointer`.
    let bytes: UnsafeRawBufferPointer

    /// Maps the file; nil when it cannot be read or holds no more than `minimumSize` bytes.
    init?(path: String, minimumSize: Int) {
        #if canImport(Glibc) || canImport(Darwin)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { _ = closeDescriptor(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_size > minimumSize,
                let size = Int(exactly: status.st_size)
            else { return nil }
            // SAFETY: Sound because the mapping is checked against `MAP_FAILED` before any use,
            // private and read-only (nothing this process does changes the file through it), and
            // no larger than the file `fstat` measured. A file truncated by another process while
            // mapped would fault on reading past its new end; the files mapped are those the running
            // process's own code is loaded from (see `LoadedImage`), so truncating one breaks the
            // process whether or not this reads it.
            guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED
            else { return nil }
            // SAFETY: Sound because `mmap` returned a readable mapping of exactly `size` bytes, which
            // this buffer describes until `close()` unmaps it.
            bytes = UnsafeRawBufferPointer(start: start, count: size)
        #else
            return nil
        #endif
    }

    /// Unmaps the file.
    func close() {
        #if canImport(Glibc) || canImport(Darwin)
            // SAFETY: Sound because this unmaps exactly the mapping `init` made; `munmap` only reads
            // the address, and the file's users call this once, when done with the file.
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        #endif
    }
}

#if canImport(Glibc)
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
    private func closeDescriptor(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
