// The one place that names the core's saved-games object. The core calls it `Library` today; the API branch
// renames it `GameLibrary` (Kotlin's JNA has a `Library` too). After that rename lands, these two lines change
// and nothing else does.
import GiveawayCore

public typealias CoreLibrary = Library
public typealias CoreLibraryProtocol = LibraryProtocol
