// The rules of giveaway in short, with forced capture explained first: it is what newcomers miss.
import SwiftUI

private struct RuleSection: Identifiable {
    let id: String
    let text: String
}

struct RulesView: View {
    private let sections = [
        RuleSection(id: "rules.goalTitle", text: "rules.goal"),
        RuleSection(id: "rules.captureTitle", text: "rules.capture"),
        RuleSection(id: "rules.movesTitle", text: "rules.moves"),
        RuleSection(id: "rules.kingsTitle", text: "rules.kings"),
        RuleSection(id: "rules.turkishTitle", text: "rules.turkish"),
        RuleSection(id: "rules.drawsTitle", text: "rules.draws"),
    ]

    var body: some View {
        List(sections) { section in
            VStack(alignment: .leading, spacing: 6) {
                Text(tr(section.id)).font(.headline)
                Text(tr(section.text)).font(.body)
            }
            .accessibilityElement(children: .combine)
        }
        .navigationTitle(tr("home.rules"))
    }
}
