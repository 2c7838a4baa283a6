import NewsText

/// The region whose news counts as local for `localRelevance`. Africa is the default (and the
/// only one with a gazetteer today); a region is just a rule for "does this text name us".
public struct Region: Sendable {
    public let name: String
    /// The topic whose stories are about the region by definition (`africa`, the regional desk), if any.
    public let desk: Topic?
    private let namesRegion: @Sendable (String) -> Bool

    public init(name: String, desk: Topic? = nil, namesRegion: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.desk = desk
        self.namesRegion = namesRegion
    }

    /// Whether `text` names a place, people or institution of the region.
    public func isNamed(in text: String) -> Bool {
        namesRegion(text)
    }

    /// Africa: any African country, city, demonym or pan-African body in `AfricaGazetteer`.
    public static let africa = Region(name: "Africa", desk: .africa) { AfricaGazetteer.mentionsAfrica($0) }
}
