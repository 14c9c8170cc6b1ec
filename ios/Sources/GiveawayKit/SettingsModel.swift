// The settings screen: the core stores the settings; this model edits a copy and saves every change.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class SettingsModel {
    public var settings: Settings {
        didSet { if settings != oldValue { save() } }
    }
    public private(set) var message: UserMessage?

    private let library: any GameLibraryProtocol

    public init(library: any GameLibraryProtocol) throws {
        self.library = library
        settings = try library.settings()
    }

    private func save() {
        do {
            try library.saveSettings(settings: settings)
        } catch {
            message = UserMessage(error)
        }
    }

    public func dismissMessage() { message = nil }
}
