#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// Search as you type: the field is bound to the query, the list shows the results that answer it.
    struct SearchView: View {
        let search: SearchScreen

        var body: some View {
            List {
                TextField("Search", text: search.binding(\.query, send: { .userTypedQuery($0) }))
                if search.isSearching {
                    Text("Searching…")
                }
                if let error = search.errorMessage {
                    Text(error)
                }
                ForEach(search.results, id: \.self) { title in
                    Text(title)
                }
            }
            .navigationTitle("Search")
        }
    }

    struct SearchView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { SearchView(search: SearchScreen()) }
        }
    }
#endif
