// The one name users import: every part of the library, re-exported.
@_exported import StatoscopeCore
@_exported import StatoscopeEffects
@_exported import StatoscopeInjection
@_exported import StatoscopeInstruments
@_exported import StatoscopeSharing
@_exported import StatoscopeView
