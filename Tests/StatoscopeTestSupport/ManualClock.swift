import StatoscopeTesting

/// The clock the library's own live tests advance by hand: the one `StatoscopeTesting` ships.
public typealias ManualClock = ManualEffectClock
