// The one place that names the core's saved-games object (`GameLibrary`; it was `Library` before the API was
// renamed so as not to clash with JNA's `Library` on the Kotlin side). The rest of the Swift code says
// `CoreLibrary`, so a future rename is a change of these two lines.
import GiveawayCore

public typealias CoreLibrary = GameLibrary
public typealias CoreLibraryProtocol = GameLibraryProtocol
