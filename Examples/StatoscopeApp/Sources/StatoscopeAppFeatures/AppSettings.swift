/// What the user chose on the settings screen. Each window keeps its own, restored with the window.
public struct AppSettings: Codable, Equatable, Sendable {
    /// The counter's buttons add or take away ten rather than one.
    public var countsInTens = false
    /// The live count connects as soon as its screen opens, rather than when the user taps Connect.
    public var connectsLiveCountOnOpen = true

    /// Settings as a fresh install has them.
    public init() {}

    /// How much one tap on the counter changes the count.
    public var counterStep: Int { countsInTens ? 10 : 1 }
}
