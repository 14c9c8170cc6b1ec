// The rules of giveaway in short, with forced capture explained first (it is what newcomers miss), and the
// core's diagrams beside the rules they show.
import SwiftUI
import GiveawayCore
import GiveawayKit

private struct RuleSection: Identifiable {
    let id: String
    let text: String
    var example: RulesExampleKind?
}

struct RulesView: View {
    private let sections = [
        RuleSection(id: "rules.goalTitle", text: "rules.goal", example: .start),
        RuleSection(id: "rules.captureTitle", text: "rules.capture", example: .forcedCapture),
        RuleSection(id: "rules.movesTitle", text: "rules.moves"),
        RuleSection(id: "rules.kingsTitle", text: "rules.kings"),
        RuleSection(id: "rules.turkishTitle", text: "rules.turkish", example: .multiCapture),
        RuleSection(id: "rules.drawsTitle", text: "rules.draws"),
    ]
    private let examples = rulesExamples()

    var body: some View {
        List(sections) { section in
            VStack(alignment: .leading, spacing: 6) {
                Text(tr(section.id)).font(.headline)
                Text(tr(section.text)).font(.body)
                if let example = examples.first(where: { $0.kind == section.example }) {
                    BoardView(
                        picture: BoardPicture(squares: example.squares), board: Themes.board(.classic),
                        pieceTheme: Themes.pieces(.classic), describe: L10n.describePiece
                    )
                    .frame(maxWidth: 240)
                }
            }
            .accessibilityElement(children: .combine)
        }
        .navigationTitle(tr("home.rules"))
    }
}
