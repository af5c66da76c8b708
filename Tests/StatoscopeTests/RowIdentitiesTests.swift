import Statoscope
import StatoscopeTestSupport
import Testing

/// A list's record of its rows keeps room at both ends; whatever it moves, it holds exactly what an
/// array changed the same way holds.
struct RowIdentitiesTests {
    final class Row {}

    /// Replaces `range` of both the record and the model array with `new`.
    private func replace(
        _ range: Range<Int>, with new: [ObjectIdentifier], in record: inout RowIdentities,
        model: inout [ObjectIdentifier]
    ) {
        var whole = model
        whole.replaceSubrange(range, with: new)
        whole.withUnsafeBytes { bytes in
            record.replaceSubrange(range, withRowsOf: bytes, count: new.count)
        }
        model = whole
    }

    @Test func insertsAtTheTopAndRemovalsOfTheFirstKeepTheOrder() {
        let rows = (0..<1_000).map { _ in Row() }
        let ids = rows.map(ObjectIdentifier.init)
        var record = RowIdentities()
        var model: [ObjectIdentifier] = []
        for id in ids {
            replace(0..<0, with: [id], in: &record, model: &model)
        }
        #expect(Array(record) == model)
        #expect(record.first == ids.last)
        for _ in 0..<600 {
            replace(0..<1, with: [], in: &record, model: &model)
        }
        #expect(Array(record) == model)
        #expect(record.count == 400)
    }

    @Test func randomReplacementsMatchAnArray() {
        let rows = (0..<64).map { _ in Row() }
        let ids = rows.map(ObjectIdentifier.init)
        var generator = SplitMix64(state: 29)
        var record = RowIdentities()
        var model: [ObjectIdentifier] = []
        for step in 0..<5_000 {
            let lower = Int.random(in: 0...model.count, using: &generator)
            let upper = Int.random(in: lower...min(model.count, lower + 8), using: &generator)
            // Now and then a large load or a clear, so that the room both grows and shrinks.
            let newCount =
                step % 997 == 0
                ? Int.random(in: 0...3_000, using: &generator) : Int.random(in: 0...9, using: &generator)
            let new = (0..<newCount).map { _ in ids.randomElement(using: &generator)! }
            replace(lower..<upper, with: new, in: &record, model: &model)
            #expect(record.count == model.count, "at step \(step)")
            if step % 50 == 0 || model.count < 20 {
                #expect(Array(record) == model, "at step \(step)")
            }
        }
        #expect(Array(record) == model)
        record.withUnsafeBytes { recorded in
            model.withUnsafeBytes { expected in
                #expect(Array(recorded) == Array(expected), "the raw words are the rows in order")
            }
        }
    }
}
