import EvalData
import Foundation
import SeededRandom
import StoryClustering

/// An endless, time-ordered stream of synthetic articles: events (kind × place × people × numbers)
/// start through each simulated day at `articlesPerDay`; each is covered by 1–25 outlets (a third
/// are single-source) that name its own district, official and particular subjects, mostly within hours, some in follow-ups up to 40 h later with new numbers;
/// a quarter of repeat coverage is wire copy republished under another headline. No two events of
/// one kind hit one country within a day, as in real news, but many of a kind run concurrently.
struct SyntheticNews: IteratorProtocol {
    struct Item {
        let article: ClusterArticle
        let eventID: Int
    }

    private var random: SplitMix64
    private let articlesPerDay: Int
    private var generatedUntil: Date
    private var pending: [Item] = []  // sorted latest first, so the earliest is popped from the end
    private var nextEventID = 0
    private var nextArticleID = 0
    private var lastStart: [String: Date] = [:]

    init(seed: UInt64, articlesPerDay: Int, start: Date) {
        random = SplitMix64(seed: seed)
        self.articlesPerDay = articlesPerDay
        generatedUntil = start
    }

    mutating func next() -> Item? {
        while pending.last.map({ $0.article.publishedAt >= generatedUntil }) ?? true {
            generateDay()
        }
        return pending.popLast()
    }

    /// Events starting during the next day; they can only add articles after the day starts, so
    /// everything before `generatedUntil` is final once it is generated.
    private mutating func generateDay() {
        let dayStart = generatedUntil
        var budget = articlesPerDay
        while budget > 0 {
            let start = dayStart.addingTimeInterval(Double.random(in: 0..<86_400, using: &random))
            let items = makeEvent(start: start)
            budget -= items.count
            pending.append(contentsOf: items)
        }
        generatedUntil = dayStart.addingTimeInterval(86_400)
        pending.sort { $0.article.publishedAt > $1.article.publishedAt }
        lastStart = lastStart.filter { generatedUntil.timeIntervalSince($0.value) < 86_400 }
    }

    private mutating func makeEvent(start: Date) -> [Item] {
        let eventID = nextEventID
        nextEventID += 1
        var kindIndex = 0
        var place = (country: Lexicon.places[0].country, city: Lexicon.places[0].cities[0], demonym: Lexicon.places[0].demonym)
        for _ in 0..<20 {
            kindIndex = Int.random(in: 0..<EventKind.all.count, using: &random)
            let country = Lexicon.places.randomElement(using: &random)!
            place = (country.country, country.cities.randomElement(using: &random)!, country.demonym)
            if lastStart["\(kindIndex)/\(place.country)"].map({ start.timeIntervalSince($0) >= 86_400 }) ?? true { break }
        }
        lastStart["\(kindIndex)/\(place.country)"] = start
        let kind = EventKind.all[kindIndex]
        var slots = makeSlots(place: place)
        let coverage = Double.random(in: 0..<1, using: &random) < 0.33 ? 1 : 2 + Int(pow(Double.random(in: 0..<1, using: &random), 2) * 24)
        var bodies: [String] = []
        var items: [Item] = []
        for index in 0..<coverage {
            let isFollowUp = index > 0 && Double.random(in: 0..<1, using: &random) < 0.3
            let offset = index == 0 ? 0 : isFollowUp ? Double.random(in: 6..<40, using: &random) * 3600
                : pow(Double.random(in: 0..<1, using: &random), 2) * 6 * 3600
            if isFollowUp { slots["{count2}"] = String(Int(Double(Int(slots["{count}"]!)!) * Double.random(in: 1.2..<4, using: &random))) }
            let headline = fill(kind.headlines.randomElement(using: &random)!, slots)
            let body: String
            if !bodies.isEmpty, !isFollowUp, Double.random(in: 0..<1, using: &random) < 0.25 {
                body = bodies.randomElement(using: &random)!
            } else {
                body = fill(composeBody(kind, isFollowUp: isFollowUp), slots)
                bodies.append(body)
            }
            nextArticleID += 1
            let article = ClusterArticle(id: "synthetic-\(nextArticleID)", sourceKey: Lexicon.outlets.randomElement(using: &random)!,
                                         headline: headline, body: body, publishedAt: start.addingTimeInterval(offset))
            items.append(Item(article: article, eventID: eventID))
        }
        return items
    }

    private mutating func composeBody(_ kind: EventKind, isFollowUp: Bool) -> String {
        var sentences = [isFollowUp ? kind.followUps.randomElement(using: &random)! : kind.leads.randomElement(using: &random)!]
        sentences += kind.details.shuffled(using: &random).prefix(2)
        sentences.insert(Lexicon.localDetails.randomElement(using: &random)!, at: Int.random(in: 1...sentences.count, using: &random))
        if isFollowUp { sentences.append(kind.leads.randomElement(using: &random)!) }
        sentences += Lexicon.filler.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))
        return sentences.joined(separator: " ")
    }

    private mutating func makeSlots(place: (country: String, city: String, demonym: String)) -> [String: String] {
        func person() -> String { "\(Lexicon.firstNames.randomElement(using: &random)!) \(Lexicon.lastNames.randomElement(using: &random)!)" }
        let count = Int.random(in: 5...400, using: &random)
        func name() -> String {
            let word = (0..<Int.random(in: 2...3, using: &random)).map { _ in Lexicon.syllables.randomElement(using: &random)! }.joined()
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        return [
            "{subject}": Lexicon.subjects.randomElement(using: &random)!, "{subject2}": Lexicon.subjects.randomElement(using: &random)!,
            "{district}": name(), "{official}": "\(Lexicon.firstNames.randomElement(using: &random)!) \(name())",
            "{country}": place.country, "{city}": place.city, "{demonym}": place.demonym,
            "{person}": person(), "{person2}": person(),
            "{org}": "\(Lexicon.companyStems.randomElement(using: &random)!) \(Lexicon.companySuffixes.randomElement(using: &random)!)",
            "{count}": String(count), "{count2}": String(count),
            "{pct}": String(format: "%.1f", Double.random(in: 1..<30, using: &random)),
            "{mag}": String(format: "%.1f", Double.random(in: 5..<8, using: &random)),
            "{money}": "$\(Int.random(in: 2...900, using: &random)) million",
        ]
    }

    /// Replaces each `{slot}` in one pass over the template.
    private func fill(_ template: String, _ slots: [String: String]) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let slot = String(rest[open...close])
            text += slots[slot] ?? slot
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }
}
