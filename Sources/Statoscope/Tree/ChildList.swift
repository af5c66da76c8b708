/// The rows of one `@Subscope` list property, as last linked: what the next change of the list is
/// compared with, and where a row finds its index when its name is read.
///
/// Rows do not store their index: an insert at the top would otherwise rename every row below it.
/// A row keeps a hint instead (where it stood when last looked up), and the search for it starts
/// there, so a row that an insert or a removal shifted is found in a few steps.
@MainActor
package final class ChildList {
    /// The property's name, as rows' names show it: `rows` in `rows[2]`.
    let property: String
    /// The rows' identities, in the list's order.
    package private(set) var identities: [ObjectIdentifier] = []
    /// How many places of the list each row holds: a row listed twice leaves when both are gone, and
    /// a row taken out and put back elsewhere in one change only moved.
    private var places = IdentityTable<Int>()

    package init(property: String) {
        self.property = property
    }

    /// The name of the row at `index` of the list `property`: `rows[2]`.
    static func name(of property: String, at index: Int) -> String {
        "\(property)[\(index)]"
    }

    /// The index of the row `id`, searched outward from `hint`; nil when it is not in the list.
    func index(of id: ObjectIdentifier, near hint: Int) -> Int? {
        let count = identities.count
        guard count > 0 else { return nil }
        let start = min(max(hint, 0), count - 1)
        var distance = 0
        while distance < count {
            let below = start - distance
            let above = start + distance
            if below < 0, above >= count { return nil }
            if below >= 0, identities[below] == id { return below }
            if above < count, identities[above] == id { return above }
            distance += 1
        }
        return nil
    }

    /// Records the list as it is now, given the change from what was recorded; returns the rows that
    /// left it (with the index each had) and the indexes of the rows that joined it.
    package func apply(
        _ change: ChildListChange, newIdentities: UnsafeRawBufferPointer
    ) -> (left: [(index: Int, identity: ObjectIdentifier)], joined: [Int]) {
        let word = MemoryLayout<ObjectIdentifier>.stride
        var joined: [Int] = []
        // Places put in first, so that a row taken out and put back is never counted as gone.
        for index in change.inserted {
            let identity = newIdentities.load(fromByteOffset: index * word, as: ObjectIdentifier.self)
            let count = places[identity] ?? 0
            places.updateValue(count + 1, forKey: identity)
            if count == 0 { joined.append(index) }
        }
        var left: [(index: Int, identity: ObjectIdentifier)] = []
        for index in change.removed {
            let identity = identities[index]
            let count = (places[identity] ?? 1) - 1
            if count == 0 {
                places.removeValue(forKey: identity)
                left.append((index, identity))
            } else {
                places.updateValue(count, forKey: identity)
            }
        }
        record(change, newIdentities: newIdentities)
        return (left, joined)
    }

    /// Records the identities as they are now, given the change from what was recorded.
    private func record(_ change: ChildListChange, newIdentities: UnsafeRawBufferPointer) {
        let word = MemoryLayout<ObjectIdentifier>.stride
        let newEnd = newIdentities.count / word - change.suffix
        let oldEnd = identities.count - change.suffix
        if let differing = change.differing {
            for index in differing {
                identities[index] = newIdentities.load(
                    fromByteOffset: index * word, as: ObjectIdentifier.self)
            }
            return
        }
        if newEnd - change.prefix != oldEnd - change.prefix {
            // Room for the changed rows first (any identity will do), then their identities.
            identities.replaceSubrange(
                change.prefix..<oldEnd,
                with: repeatElement(ObjectIdentifier(ChildList.self), count: newEnd - change.prefix))
        }
        guard newEnd > change.prefix else { return }
        identities.withUnsafeMutableBytes { recorded in
            recorded.baseAddress!.advanced(by: change.prefix * word).copyMemory(
                from: newIdentities.baseAddress!.advanced(by: change.prefix * word),
                byteCount: (newEnd - change.prefix) * word)
        }
    }
}
