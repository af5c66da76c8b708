/// The rows of one `@Subscope` list property, as last linked: what the next change of the list is
/// compared with, and where a row finds its index when its name is read.
///
/// Rows do not store their index: an insert at the top would otherwise rename every row below it.
/// A row keeps a hint instead (where it stood when last looked up), and the search for it starts
/// there, so a row that an insert or a removal shifted is found in a few steps.
@MainActor
package final class ChildList {
    /// The property's name, as rows' names show it: `rows` in `rows[2]`.
    package let property: String
    /// The rows' identities, in the list's order.
    package private(set) var identities = RowIdentities()
    /// Tells this list apart from every other, for the count of places a row's runtime keeps: an
    /// address could be reused by a later list.
    let serial: UInt64

    package init(property: String) {
        self.property = property
        serial = Serial.next()
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

    /// A row that joined or left, and its index in the list it joined or left.
    package struct Row {
        package let index: Int
        package let runtime: ScopeRuntime
    }

    /// Records the list as it is now, given the change from what was recorded; returns the rows that
    /// left it (with the index each had) and those that joined it (with their index). `runtimeAt`
    /// gives the runtime of the row at an index of the new list.
    ///
    /// How many places of the list each row holds is counted on its runtime (a row listed twice
    /// leaves when both are gone, and a row taken out and put back elsewhere in one change only
    /// moved), so that a change of thousands of rows looks each one up once.
    // SAFETY: Sound because both callers pass the buffer the change was computed from, so every
    // index of the new list the change names lies within it; it is only read, during the call, by
    // `record`, which copies what it keeps.
    package func apply(
        _ change: ChildListChange, newIdentities: UnsafeRawBufferPointer,
        runtimeAt: (Int) -> ScopeRuntime
    ) -> (left: [Row], joined: [Row]) {
        var joined: [Row] = []
        // Places put in first, so that a row taken out and put back is never counted as gone. No
        // sweep while the rows get their runtimes: the released rows that left go with this change,
        // and a sweep would run the app's deinits in the middle of it.
        ScopeRuntimeTable.deferringSweeps {
            for index in change.inserted {
                let runtime = runtimeAt(index)
                if runtime.tree.placesListSerial == serial, runtime.tree.placesInList > 0 {
                    runtime.tree.placesInList += 1
                } else {
                    runtime.tree.placesListSerial = serial
                    runtime.tree.placesInList = 1
                    joined.append(Row(index: index, runtime: runtime))
                }
            }
        }
        var left: [Row] = []
        for index in change.removed {
            // A row of the record has a runtime: it got one when it joined, and a runtime stays
            // while its row is listed.
            guard let runtime = ScopeRuntimeTable.runtime(withID: identities[index]) else { continue }
            if runtime.tree.placesListSerial == serial, runtime.tree.placesInList > 1 {
                runtime.tree.placesInList -= 1
            } else {
                // Its last place here, or counted by a list it joined since: it left this one.
                if runtime.tree.placesListSerial == serial { runtime.tree.placesInList = 0 }
                left.append(Row(index: index, runtime: runtime))
            }
        }
        record(change, newIdentities: newIdentities)
        return (left, joined)
    }

    /// Records the identities as they are now, given the change from what was recorded.
    // SAFETY: Sound because `differing` is set only for lists of one length, so each of its indexes
    // is a word of `newIdentities`; and `replaceSubrange` gets what it asks for: the whole new list,
    // whose rows from `prefix` up to `suffix` before its end are the `count` it is told.
    private func record(_ change: ChildListChange, newIdentities: UnsafeRawBufferPointer) {
        let word = MemoryLayout<ObjectIdentifier>.stride
        if let differing = change.differing {
            for index in differing {
                identities[index] = newIdentities.load(
                    fromByteOffset: index * word, as: ObjectIdentifier.self)
            }
            return
        }
        identities.replaceSubrange(
            change.prefix..<(identities.count - change.suffix), withRowsOf: newIdentities,
            count: newIdentities.count / word - change.suffix - change.prefix)
    }
}
