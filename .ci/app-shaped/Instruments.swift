// What an app installs once: middleware, analytics, error reporting and an observation, written as the
// docs write them.
import Foundation
import Statoscope

nonisolated enum CrashReporter {
    static func record(_ error: any Error, context: String) {}
}

/// The analytics sink runs off the main actor, so what it calls is `nonisolated`: under main-actor
/// default isolation, a type of the app's own says so.
nonisolated enum MyAnalytics {
    static func track(_ name: String, parameters: [String: EventValue]) {}
}

@MainActor
final class Instruments {
    private var registrations: [InstrumentRegistration] = []
    private var errorRegistration: ErrorReporting.Registration?
    private var observation: ScopeObservation?
    private(set) var lastCount = 0

    func install(on recipes: Recipes) {
        registrations.append(
            Middleware.addAppWide { event, next in
                print(event.description)
                try next(event)
            })
        registrations.append(
            Analytics.install { event in
                MyAnalytics.track(event.name, parameters: event.parameters)
            })
        registrations.append(
            recipes.addMiddleware { recipes, when, next in
                if case .userTappedNewRecipe = when, recipes.editor != nil { return }
                try next(when)
            })
        errorRegistration = ErrorReporting.addHandler { report in
            CrashReporter.record(report.error, context: report.description)
        }
        observation = recipes.observe { [weak self] recipes in
            self?.lastCount = recipes.titles.count
        }
        recipes.inject(RecipeClient.failing)
        recipes.send(.appStarted)
    }
}
