import Dispatch

/// Tells whether code runs on the main queue, where the main actor runs on Linux and Apple alike.
enum MainQueueMarker {
    private static let key = DispatchSpecificKey<Bool>()
    private static let installed: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    static var isOnMainQueue: Bool {
        _ = installed
        return DispatchQueue.getSpecific(key: key) == true
    }
}
