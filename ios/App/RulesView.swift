// The rules of giveaway in short, with forced capture explained first: it is what newcomers miss.
import SwiftUI

struct RulesView: View {
    private let sections = [
        ("rules.goalTitle", "rules.goal"),
        ("rules.captureTitle", "rules.capture"),
        ("rules.movesTitle", "rules.moves"),
        ("rules.kingsTitle", "rules.kings"),
        ("rules.turkishTitle", "rules.turkish"),
        ("rules.drawsTitle", "rules.draws"),
    ]

    var body: some View {
        List(sections, id: \.0) { title, body in
            VStack(alignment: .leading, spacing: 6) {
                Text(tr(title)).font(.headline)
                Text(tr(body)).font(.body)
            }
            .accessibilityElement(children: .combine)
        }
        .navigationTitle(tr("home.rules"))
    }
}
