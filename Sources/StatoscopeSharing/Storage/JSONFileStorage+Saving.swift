import Foundation

extension JSONFileStorage {
    /// Writes `data` to a temporary file beside `file`, forces it to the disk, and renames it over
    /// `file`: a reader, or a process killed meanwhile, finds the old file or the new one, whole.
    func writeWhole(_ data: Data, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(
            temporaryFileName(of: file.lastPathComponent), isDirectory: false)
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
            // Forced to the disk before the rename: after a power loss, the new name never holds an
            // empty or partial file.
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.synchronize()
            guard rename(temporary.path, file.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Removes the temporary files that saves of `name` by processes that have ended left behind:
    /// killed in the middle of a save, they never renamed them. Only this key's, and only those of
    /// processes no longer running, whose saves can never finish.
    func removeStaleTemporaryFiles(of name: String) {
        let prefix = temporaryFilePrefix(of: Self.fileName(of: name))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for fileName in names where fileName.hasPrefix(prefix) {
            let parts = fileName.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let process = pid_t(parts[0]), process > 0, !isRunning(process) else {
                continue
            }
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: directory.path, isDirectory: true).appendingPathComponent(fileName))
        }
    }

    /// `.<file name>.saving-<process>-<random>`: hidden, and named after the value's file and the
    /// process writing it, so that a later save or load of the same key knows it for its own. No
    /// value's file, nor copy kept aside, starts with `.`. The file name is cut short when the whole
    /// would pass the file system's limit.
    private func temporaryFileName(of fileName: String) -> String {
        let random = String(UInt32.random(in: .min ... .max), radix: 16)
        return temporaryFilePrefix(of: fileName) + "\(ProcessInfo.processInfo.processIdentifier)-\(random)"
    }

    private func temporaryFilePrefix(of fileName: String) -> String {
        // Room for `.`, `.saving-`, a process identifier of up to 10 digits, `-` and 8 hex digits.
        let room = Self.maximumFileNameLength - 28
        // Every file name made here is ASCII: a character is a byte.
        return "." + String(fileName.prefix(room)) + ".saving-"
    }

    /// Whether a process of that identifier runs: one this process may not signal runs too.
    private func isRunning(_ process: pid_t) -> Bool {
        kill(process, 0) == 0 || errno != ESRCH
    }
}
