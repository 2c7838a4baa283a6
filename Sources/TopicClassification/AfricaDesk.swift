import NewsText

/// Decides whether a story is primarily about Africa: the regional desk, which takes such a
/// story whatever its subject (a Nigerian election, a Kenyan rate decision).
///
/// Evidence is the `AfricaGazetteer` places that say where the event happens or whom it is about
/// (`EventPlaces`: the main clause of a sentence, not an aside, not one of a list of places the event
/// touched), weighted by position because a story names its place early: a place of the headline
/// weighs 3, of the dateline or the lead (the body's first `leadTokenCount` tokens) 2, of a later
/// sentence 1; a passing mention weighs nothing. Only the first `bodyTokenLimit` tokens of a body are read. A story
/// is African when
/// - an African place is in a headline, dateline or lead, or African places further down add up to
///   `sustainedWeight` (a story about a Lagos reality show may name Nigeria only in its third
///   paragraph, but more than once; a single passing mention far down is not enough), and
/// - African places weigh at least as much as all others together (share >= 1/2). A tie goes
///   to Africa because tied stories on the labeled training part were mostly African; "US
///   basketball routs Angola" stays with its subject desk because "American" and "United States"
///   follow in its lead.
public enum AfricaDesk {
    public static let leadTokenCount = 50
    public static let bodyTokenLimit = 400
    public static let sustainedWeight = 3.0

    /// Position-weighted place mentions of one article or, summed, of a story.
    public struct Evidence: Sendable, Equatable {
        public var african: Double = 0
        public var elsewhere: Double = 0
        public var africanNearTop = false

        public init() {}

        public static func + (lhs: Evidence, rhs: Evidence) -> Evidence {
            var sum = lhs
            sum.african += rhs.african
            sum.elsewhere += rhs.elsewhere
            sum.africanNearTop = lhs.africanNearTop || rhs.africanNearTop
            return sum
        }

        public var africanShare: Double {
            african + elsewhere > 0 ? african / (african + elsewhere) : 0
        }

        public var isPrimarilyAfrican: Bool {
            (africanNearTop || african >= AfricaDesk.sustainedWeight) && africanShare >= 0.5
        }
    }

    public static func evidence(headline: String, body: String) -> Evidence {
        var evidence = Evidence()
        add(EventPlaces.places(in: headline), weight: 3, to: &evidence)
        let firstLine = body.prefix { !$0.isNewline }
        if let dateline = FeedBoilerplate.dateline(String(firstLine)) {
            add(EventPlaces.places(in: dateline), weight: 2, to: &evidence)
        }
        var tokensRead = 0
        for sentence in Sentences.split(body) where tokensRead < bodyTokenLimit {
            let start = tokensRead
            tokensRead += Tokenizer.tokens(sentence).count
            add(EventPlaces.places(in: sentence), weight: { start + $0 < leadTokenCount ? 2 : 1 }, to: &evidence)
        }
        return evidence
    }

    private static func add(_ places: [EventPlaces.Place], weight: Double, to evidence: inout Evidence) {
        add(places, weight: { _ in weight }, to: &evidence)
    }

    /// Adds the places that are not passing mentions, each weighing `weight(its token index)`.
    private static func add(_ places: [EventPlaces.Place], weight: (Int) -> Double, to evidence: inout Evidence) {
        for place in places where !place.isPassing {
            let weight = weight(place.mention.tokenIndex)
            if place.mention.isAfrican {
                evidence.african += weight
                if weight >= 2 { evidence.africanNearTop = true }
            } else {
                evidence.elsewhere += weight
            }
        }
    }
}
