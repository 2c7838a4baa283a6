import NewsText

/// Decides whether a story is primarily about Africa: the regional desk, which takes such a
/// story whatever its subject (a Nigerian election, a Kenyan rate decision).
///
/// Evidence is the `AfricaGazetteer` mentions, weighted by position because a story names its
/// place early: a headline mention weighs 3, one in the lead (the first `leadTokenCount`
/// tokens of the body) 2, one further down 1. Only the first `bodyTokenLimit` tokens of a body
/// are read. A story is African when
/// - an African mention is in a headline or lead, or African mentions further down add up to
///   `sustainedWeight` (a story about a Lagos reality show may name Nigeria only in its third
///   paragraph, but more than once; a single passing mention far down is not enough), and
/// - African mentions weigh at least as much as all others together (share >= 1/2). A tie goes
///   to Africa because tied stories on the labeled training part were mostly African ("France,
///   Ivory Coast relations worsen"); "US basketball routs Angola" stays with its subject desk
///   because "American" and "United States" follow in its lead.
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
        add(AfricaGazetteer.mentions(in: headline), weight: { _ in 3 }, to: &evidence)
        let bodyTokens = Array(Tokenizer.tokens(body).prefix(bodyTokenLimit))
        add(AfricaGazetteer.mentions(in: bodyTokens), weight: { $0 < leadTokenCount ? 2 : 1 }, to: &evidence)
        return evidence
    }

    private static func add(_ mentions: [AfricaGazetteer.Mention], weight: (Int) -> Double,
                            to evidence: inout Evidence) {
        for mention in mentions {
            let value = weight(mention.tokenIndex)
            if mention.isAfrican {
                evidence.african += value
                if value >= 2 { evidence.africanNearTop = true }
            } else {
                evidence.elsewhere += value
            }
        }
    }
}
