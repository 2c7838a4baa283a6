import ArticleAnnotations
import NewsText

/// Decides whether a story is primarily about Africa: the regional desk, which takes such a
/// story whatever its subject (a Nigerian election, a Kenyan rate decision).
///
/// Evidence is the `AfricaGazetteer` places that say where the event happens or whom it is about
/// (`EventPlaces`: the main clause of a sentence, not an aside, not one of a list of places the event
/// touched), weighted by position because a story names its place early: a place of the headline
/// weighs 3, of the dateline or the lead (the body's first `leadTokenCount` tokens) 2, of a later
/// sentence 1; a passing mention weighs nothing. Only the first `ArticlePlaces.bodyTokenLimit` tokens of a
/// body are read, and an annotated article's places are read with its annotation. A story is African when
/// - an African place is in a headline, dateline or lead, or African places further down add up to
///   `sustainedWeight` (a story about a Lagos reality show may name Nigeria only in its third
///   paragraph, but more than once; a single passing mention far down is not enough), and
/// - African places weigh at least as much as all others together (share >= 1/2). A tie goes
///   to Africa because tied stories on the labeled training part were mostly African; "US
///   basketball routs Angola" stays with its subject desk because "American" and "United States"
///   follow in its lead.
public enum AfricaDesk {
    public static let leadTokenCount = 50
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

    /// The evidence of one article not otherwise annotated.
    public static func evidence(headline: String, body: String) -> Evidence {
        evidence(ArticlePlaces(headline: headline, body: body))
    }

    /// The evidence of one article's places, as its annotation reads them (`ArticleAnnotation.places`).
    public static func evidence(_ places: ArticlePlaces) -> Evidence {
        var evidence = Evidence()
        add(places.headline, weight: { _ in 3 }, to: &evidence)
        add(places.dateline, weight: { _ in 2 }, to: &evidence)
        add(places.body.map(\.place), weight: { places.body[$0].bodyTokenIndex < leadTokenCount ? 2 : 1 }, to: &evidence)
        return evidence
    }

    /// Adds the places that are not passing mentions, each weighing `weight(its index in places)`.
    private static func add(_ places: [EventPlaces.Place], weight: (Int) -> Double, to evidence: inout Evidence) {
        for (index, place) in places.enumerated() where !place.isPassing {
            let weight = weight(index)
            if place.mention.isAfrican {
                evidence.african += weight
                if weight >= 2 { evidence.africanNearTop = true }
            } else {
                evidence.elsewhere += weight
            }
        }
    }
}
