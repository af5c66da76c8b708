import Foundation

/// How a persisted value is written and read: JSON holding the key's version and the value,
/// `{"value":…,"version":1}`, with the keys sorted so that equal values give equal bytes.
struct SharedFormat<Value: Sendable>: Sendable {
    let version: Int
    let encode: @Sendable (Value) throws -> Data
    let decode: @Sendable (Data) throws -> Value
}

extension SharedFormat where Value: Codable {
    init(version: Int, migrate: (@Sendable (Int, Data) throws -> Value)?) {
        self.version = version
        encode = { value in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(
                Envelope(
                    version: version, value: value, someAroundNil: StatoscopeSharing.someAroundNil(in: value))
            )
        }
        decode = { data in
            let saved: SavedVersion
            do {
                saved = try JSONDecoder().decode(SavedVersion.self, from: data)
            } catch {
                throw SharedFormatProblem.notAStoredValue
            }
            if saved.version == version {
                do {
                    let envelope = try JSONDecoder().decode(Envelope<Value>.self, from: data)
                    guard let count = envelope.someAroundNil else { return envelope.value }
                    return try nilWrapped(in: count, as: Value.self)
                } catch let problem as SharedFormatProblem {
                    throw problem
                } catch {
                    throw SharedFormatProblem.undecodable("\(error)")
                }
            }
            guard saved.version < version else {
                throw SharedFormatProblem.newerVersion(saved.version, known: version)
            }
            guard let migrate else { throw SharedFormatProblem.noMigration(saved.version, current: version) }
            do {
                return try migrate(saved.version, try Self.valueJSON(in: data))
            } catch {
                throw SharedFormatProblem.migrationFailed(saved.version, "\(error)")
            }
        }
    }

    /// The JSON of the value alone, as a migration reads it.
    private static func valueJSON(in data: Data) throws -> Data {
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        guard let envelope = object as? [String: Any], let value = envelope["value"] else {
            throw SharedFormatProblem.notAStoredValue
        }
        return try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
    }
}

/// A saved value with its version.
private struct Envelope<Value: Codable>: Codable {
    let version: Int
    let value: Value
    /// For a nested optional holding `nil` below its top (`.some(nil)`), how many `.some` wrap it:
    /// the value alone is `null`, as the top's `nil` is. Absent otherwise.
    var someAroundNil: Int?
}

/// The version of a saved value, read before the value.
private struct SavedVersion: Decodable {
    let version: Int
}

/// Why a saved value could not be read.
enum SharedFormatProblem: Error, CustomStringConvertible {
    case notAStoredValue
    case undecodable(String)
    case newerVersion(Int, known: Int)
    case noMigration(Int, current: Int)
    case migrationFailed(Int, String)

    var description: String {
        switch self {
        case .notAStoredValue:
            return "it is not a saved value (JSON with a version and a value)"
        case .undecodable(let error):
            return "its value does not decode: \(error)"
        case .newerVersion(let saved, let known):
            return "it was saved by version \(saved), newer than this app's \(known)"
        case .noMigration(let saved, let current):
            return "it was saved by version \(saved), and the key declares no migration to version \(current)"
        case .migrationFailed(let saved, let error):
            return "migrating it from version \(saved) threw \(error)"
        }
    }
}
