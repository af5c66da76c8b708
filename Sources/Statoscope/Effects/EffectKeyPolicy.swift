/// What happens when an effect is enqueued with a key that an effect in flight already has.
public enum EffectKeyPolicy: Sendable {
    /// Cancel the older effect and run the new one: search-as-you-type, refresh.
    ///
    /// The older effect is cancelled once the update that enqueued the new one returns; an update
    /// that throws leaves it running.
    case cancelOlder
    /// Keep the older effect and drop the new one: a request that must not be sent twice.
    case keepOlder
}
