import FlyingFox
import Foundation

extension InspectorServer {
    /// The state after event `id`, and before it, replayed into a fresh tree after as many recorded
    /// inputs as the journal noted for the event. An `inputs` the request names must be that count;
    /// for an event before the last ``InspectorJournal/keptMessages``, whose count the journal no
    /// longer keeps, the page names it (each event's message carries it), within what such an event
    /// can follow.
    func state(_ id: String?, inputs named: String?) async -> HTTPResponse {
        let numbered = await session.feed.handOverNumberedEvents()
        guard let id, let number = Int(id), number >= 1, number <= numbered else {
            return Self.text("no event \(id ?? "(none given)") in this session\n", status: .notFound)
        }
        await journal.waitUntilTaken(number)
        if await journal.endedTheRun(number) {
            return Self.text(
                "event \(number) is where the recorded run ended: the inspector does not replay it, since its update could end this process too; select the event before it for the state the run ended in\n",
                status: .conflict)
        }
        let inputs: Int
        if let own = await journal.inputs(through: number) {
            if let named, Int(named) != own {
                return Self.text(
                    "inputs=\(named) is not event \(number)'s count of recorded inputs (\(own)): leave inputs out, and the inspector uses the event's own\n",
                    status: .badRequest)
            }
            inputs = own
        } else if await journal.isForgotten(number) {
            guard let named else {
                return Self.text(
                    "event \(number) is older than the last \(InspectorJournal.keptMessages) the inspector numbers: name its inputs, as the page does\n",
                    status: .notFound)
            }
            let most = await journal.mostInputsOfAForgottenEvent()
            guard let count = Int(named), (0...most).contains(count) else {
                return Self.text(
                    "inputs=\(named) cannot be event \(number)'s count of recorded inputs: an event older than the last \(InspectorJournal.keptMessages) the inspector numbers has 0 to \(most)\n",
                    status: .badRequest)
            }
            inputs = count
        } else {
            return Self.text("no event \(number) in this session\n", status: .notFound)
        }
        do {
            let (before, after) = try await session.states(around: inputs)
            let body = try JSONEncoder().encode(["before": before, "after": after])
            return Self.secured(
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body))
        } catch {
            return Self.text("cannot show the state after event \(number): \(error)\n", status: .conflict)
        }
    }
}
