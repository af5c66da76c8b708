// User defaults are what Apple platforms offer apps for small settings; elsewhere the JSON files serve.
#if canImport(UIKit) || canImport(AppKit)
    import Foundation

    /// A storage that saves each persisted value as data in user defaults, under `<prefix><name>`;
    /// on Apple platforms.
    public struct UserDefaultsStorage: SharedStorage {
        /// The suite's name, or nil for the standard defaults: a name rather than the object, which not
        /// every SDK marks `Sendable`.
        private let suiteName: String?
        private let prefix: String

        /// Saves in the defaults of the suite named `suiteName` (the standard ones when nil), under
        /// keys starting with `prefix`.
        public init(suiteName: String? = nil, prefix: String = "Shared.") {
            self.suiteName = suiteName
            self.prefix = prefix
        }

        private var defaults: UserDefaults {
            suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
        }

        /// What is saved under `name`, or nil.
        public func load(_ name: String) -> Data? {
            defaults.data(forKey: prefix + name)
        }

        /// Replaces what is saved under `name`.
        public func save(_ data: Data, as name: String) {
            defaults.set(data, forKey: prefix + name)
        }

        /// Keeps a copy of what is saved under `name` aside, and says where: under
        /// `Unreadable.<prefix><name>` (then `-2`, `-3`… when taken), which no value's key starts
        /// with unless the prefix is empty, so that a copy never takes the place of a value nor of an
        /// earlier copy.
        public func keepAside(_ name: String) -> String {
            var key = "Unreadable." + prefix + name
            var attempt = 1
            while defaults.object(forKey: key) != nil {
                attempt += 1
                key = "Unreadable." + prefix + name + "-\(attempt)"
            }
            defaults.set(defaults.object(forKey: prefix + name), forKey: key)
            return "user defaults \"\(key)\""
        }

        /// Where the value saved under `name` is.
        public func location(of name: String) -> String { "user defaults \"\(prefix + name)\"" }
    }
#endif
