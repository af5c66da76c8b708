// The counter of the earlier Statoscope's README, which posts each count to a server: the scope most
// samples take as known.
// <!-- compiled with: Networking -->
import Foundation
import Statoscope

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let expectedRequest: URLRequest = {
    var request = URLRequest(url: URL(string: "https://example.com/counter")!)
    request.httpMethod = "POST"
    return request
}()

final class Counter: Scope {
    var viewDisplaysTotalCount = 0
    var viewDisplaysError: String?
    var viewShowsLoadingAndDisablesButtons = false

    enum When {
        case userTappedIncrementButton
        case userTappedCancel
        case networkPostCompleted(Result<DTO, any Error>)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
            viewShowsLoadingAndDisablesButtons = true
            effectsState.enqueue(
                NetworkEffect<DTO>(request: expectedRequest).mapToResult().map(When.networkPostCompleted))
        case .userTappedCancel:
            effectsState.cancelEffect { $0 is NetworkEffect<DTO> }
            viewShowsLoadingAndDisablesButtons = false
        case .networkPostCompleted(.success(let dto)):
            viewDisplaysTotalCount = dto.count
            viewShowsLoadingAndDisablesButtons = false
        case .networkPostCompleted(.failure(let error)):
            viewDisplaysError = error.localizedDescription
            viewShowsLoadingAndDisablesButtons = false
        }
    }
}
