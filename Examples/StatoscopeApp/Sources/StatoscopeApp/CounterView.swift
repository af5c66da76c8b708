#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The counter: the count the server holds, and buttons that change it, disabled while a request
    /// is in flight, and the alert that asks before resetting it.
    struct CounterView: View {
        let counter: CounterScreen

        var body: some View {
            VStack {
                if let count = counter.count {
                    Text("\(count)")
                } else if counter.isLoading {
                    Text("Loading…")
                }
                if let error = counter.errorMessage {
                    Text(error)
                    if counter.count == nil {
                        Button("Retry") { counter.send(.userTappedRetry) }
                    }
                }
                Button("−\(counter.step)") { counter.send(.userTappedDecrement) }
                    .disabled(!counter.buttonsAreEnabled)
                Button("+\(counter.step)") { counter.send(.userTappedIncrement) }
                    .disabled(!counter.buttonsAreEnabled)
                Button("Reset", role: .destructive) { counter.send(.userTappedReset) }
                    .disabled(!counter.buttonsAreEnabled)
                if counter.isSaving {
                    Text("Saving…")
                }
            }
            .navigationTitle("Counter")
            .task { counter.send(.screenAppeared) }
            .alert(counter.alert(\.resetAlert, dismiss: .userDismissedResetAlert))
        }
    }

    struct CounterView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { CounterView(counter: CounterScreen()) }
        }
    }
#endif
