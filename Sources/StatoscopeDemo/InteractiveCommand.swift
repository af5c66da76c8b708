import Statoscope
import StatoscopeExamples

/// A line typed in `--interactive` mode, parsed.
enum InteractiveCommand: Equatable {
    case tap
    case untap
    case counter
    case load
    case email(String)
    case save
    case live
    case disconnect
    case close
    case other(Int)
    case fontSize(Int)
    case theme(DemoSettings.Theme)
    case settings
    case state
    case help
    case quit

    static let list = """
        commands:
          tap          tap + on the counter (posts the count)
          untap        tap - on the counter
          counter      open the counter tab
          load         open the profile tab (loads the profile; again: reloads it)
          email ADDR   type ADDR as the new email
          save         tap Change email (saves the profile)
          live         open the live count (connects; again: reconnects)
          disconnect   stop the live count's updates, keeping it open
          close        close the live count (ends its updates)
          other N      another device sets the count to N on the server
          font N       set the font size to N (8 to 40; saved for the next run)
          theme NAME   choose the light or dark theme (saved for the next run)
          settings     print the settings
          state        print the app's state
          help         print this list
          quit         stop (end of input stops too)
        """

    /// Parses a line; the error says what is wrong in words a user can act on.
    static func parse(_ line: String) -> Result<InteractiveCommand?, DemoFailure> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased() else { return .success(nil) }
        let rest = words.dropFirst()
        switch (verb, rest.count) {
        case ("tap", 0), ("+", 0): return .success(.tap)
        case ("untap", 0), ("-", 0): return .success(.untap)
        case ("counter", 0): return .success(.counter)
        case ("load", 0), ("profile", 0): return .success(.load)
        case ("email", 1): return .success(.email(rest[rest.startIndex]))
        case ("email", _): return .failure(DemoFailure("usage: email ADDRESS (one word)"))
        case ("save", 0): return .success(.save)
        case ("live", 0), ("reconnect", 0): return .success(.live)
        case ("disconnect", 0): return .success(.disconnect)
        case ("close", 0): return .success(.close)
        case ("other", 1):
            guard let count = Int(rest[rest.startIndex]), count >= 0 else {
                return .failure(DemoFailure("usage: other COUNT (a whole number, 0 or more)"))
            }
            return .success(.other(count))
        case ("other", _): return .failure(DemoFailure("usage: other COUNT (a whole number, 0 or more)"))
        case ("font", 1):
            guard let size = Int(rest[rest.startIndex]) else {
                return .failure(DemoFailure("usage: font SIZE (a whole number, 8 to 40)"))
            }
            return .success(.fontSize(size))
        case ("font", _): return .failure(DemoFailure("usage: font SIZE (a whole number, 8 to 40)"))
        case ("theme", 1):
            guard let theme = DemoSettings.Theme(rawValue: rest[rest.startIndex].lowercased()) else {
                return .failure(DemoFailure("usage: theme light|dark"))
            }
            return .success(.theme(theme))
        case ("theme", _): return .failure(DemoFailure("usage: theme light|dark"))
        case ("settings", 0): return .success(.settings)
        case ("state", 0): return .success(.state)
        case ("help", 0), ("?", 0): return .success(.help)
        case ("quit", 0), ("exit", 0), ("q", 0): return .success(.quit)
        default: return .failure(DemoFailure("unknown command \"\(line)\"; type help for the list"))
        }
    }
}

extension DemoSession {
    /// Reads commands from standard input until `quit` or the end of input.
    func playInteractively() async {
        print(InteractiveCommand.list)
        // readLine blocks: read off the main actor, where the effects' completions are delivered.
        while let line = await Task.detached(operation: { readLine() }).value {
            switch InteractiveCommand.parse(line) {
            case .failure(let failure):
                print(failure.description)
            case .success(nil):
                continue
            case .success(.quit):
                return
            case .success(let command?):
                await perform(command)
            }
        }
    }

    private func perform(_ command: InteractiveCommand) async {
        switch command {
        case .tap: await user("taps +") { app.counter.send(.userTappedIncrementButton) }
        case .untap: await user("taps -") { app.counter.send(.userTappedDecrementButton) }
        case .counter: await user("opens the counter tab") { app.send(.userSelectsTab(.counter)) }
        case .load:
            await user("opens the profile tab") {
                if app.selectedTab == .profile {
                    app.profile.send(.systemShowsUserProfileView)
                } else {
                    app.send(.userSelectsTab(.profile))
                }
            }
        case .email(let address):
            await user("types a new email") {
                app.profile.send(.userTypesNewEmail(userEmail: Sensitive(address)))
            }
        case .save: await user("taps Change email") { app.profile.send(.userTapsChangeEmailButton) }
        case .live:
            if let live = app.liveCount {
                await connectLiveCount("taps Reconnect on the live count") { live.send(.userConnects) }
            } else {
                await connectLiveCount("opens the live count") { app.send(.userOpensLiveCount) }
            }
        case .disconnect:
            guard let live = app.liveCount else {
                print("the live count is not open; type live to open it")
                return
            }
            await user("taps Disconnect on the live count") { live.send(.userDisconnects) }
        case .close: await user("closes the live count") { app.send(.userClosesLiveCount) }
        case .other(let count): await anotherDeviceSetsCount(count)
        case .fontSize, .theme, .settings: await performSettings(command)
        case .state: print(app.subtreeDescription)
        case .help: print(InteractiveCommand.list)
        case .quit: break
        }
    }
}
