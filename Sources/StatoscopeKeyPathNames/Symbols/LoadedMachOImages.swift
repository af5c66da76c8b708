#if canImport(Darwin)
    import Darwin

    /// Where an address lies among the Mach-O images of the running process, on Apple platforms.
    enum LoadedMachOImages {
        /// The image holding `address`: its file, where its header is loaded, and the symbol `dladdr`
        /// finds there if that symbol starts exactly at `address`.
        ///
        /// `dladdr` searches the local symbols of an image that keeps them after its exported ones,
        /// so an unstripped debug build names its key path getters here without reading a file.
        static func lookUp(_ address: UInt) -> (path: String, header: UInt, symbol: String?)? {
            var info = Dl_info()
            // SAFETY: Sound because the pointer made from `address` is never read: `dladdr` only
            // compares it with where the loaded images and their symbols lie.
            guard let pointer = UnsafeRawPointer(bitPattern: address), dladdr(pointer, &info) != 0,
                let path = info.dli_fname, let header = info.dli_fbase
            else { return nil }
            var symbol: String?
            if let name = info.dli_sname, UInt(bitPattern: info.dli_saddr) == address {
                symbol = String(cString: name)
            }
            return (String(cString: path), UInt(bitPattern: header), symbol)
        }

        /// The CPU type and subtype of the Mach-O header loaded at `header`, which choose the slice
        /// of a universal file.
        static func cpu(ofHeaderAt header: UInt) -> (type: Int32, subtype: Int32)? {
            // SAFETY: Sound because `header` is the `dli_fbase` that `dladdr` returned: the address
            // of a loaded image's `mach_header_64`, whose first 12 bytes (magic, CPU type and
            // subtype) are mapped readable for the life of the image, and only those are read.
            guard let start = UnsafeRawPointer(bitPattern: header) else { return nil }
            let fields = UnsafeRawBufferPointer(start: start, count: 12)
            guard let type = fields.integer(Int32.self, at: 4),
                let subtype = fields.integer(Int32.self, at: 8)
            else { return nil }
            return (type, subtype & 0x00FF_FFFF)
        }
    }
#endif
