#if canImport(SwiftUI)
    import StatoscopeAppFeatures
    import SwiftUI

    /// A screen of the navigation stack: the view of the feature it holds.
    struct ScreenView: View {
        let screen: Screen

        var body: some View {
            if let counter = screen.counter {
                CounterView(counter: counter)
            } else if let profile = screen.profile {
                ProfileView(screen: profile)
            } else if let liveCount = screen.liveCount {
                LiveCountView(live: liveCount)
            } else if let search = screen.search {
                SearchView(search: search)
            }
        }
    }

    struct ScreenView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { ScreenView(screen: Screen(.counter)) }
        }
    }
#endif
