import NewsText

/// The kind of deadly incident a headline names. Two incidents in one country on one day share
/// their casualty wording ("killed", "injured", "the civil protection service said") and the
/// country; the seventh reader's audit saw a quake near Béjaïa join a train collision near Blida
/// that way. Headlines naming only different kinds are about different subjects; headlines naming
/// one kind share something like a name (a tabloid's "tower block crumbles in Lagos" and "building
/// collapses in Nigeria's Lagos" share only places otherwise).
enum IncidentKind: Hashable, CaseIterable {
    case earthquake, storm, fire, crash, collapse, eruption

    /// Every word of `NaturalDisasters.words` has its kind here (a test keeps the two in step).
    static let byWord: [String: IncidentKind] = {
        let kinds: [IncidentKind: [String]] = [
            .earthquake: ["earthquake", "earthquakes", "quake", "quakes", "tremor", "tremors", "aftershock", "aftershocks",
                          "tsunami"],
            .storm: ["hurricane", "hurricanes", "typhoon", "typhoons", "cyclone", "tornado", "tornadoes", "storm", "storms",
                     "flood", "floods", "flooding", "floodwaters", "landslide", "landslides", "mudslide", "mudslides",
                     "monsoon", "avalanche", "blizzard"],
            .fire: ["fire", "fires", "blaze", "blazes", "wildfire", "wildfires", "bushfire", "inferno", "fireball",
                    "explosion", "explosions", "blast", "blasts", "heatwave"],
            .crash: ["crash", "crashes", "crashed", "collision", "collide", "collides", "collided", "derail", "derails",
                     "derailed", "derailment", "capsize", "capsizes", "capsized", "sank", "sinks", "shipwreck"],
            .collapse: ["collapse", "collapses", "collapsed", "crumbles", "crumbled"],
            .eruption: ["volcano", "eruption", "erupts", "erupted"],
        ]
        return kinds.reduce(into: [:]) { table, entry in
            for word in entry.value { table[word] = entry.key }
        }
    }()

    /// The kinds `words` (a headline's content words) name.
    static func kinds(in words: [String]) -> Set<IncidentKind> {
        Set(words.compactMap { byWord[$0] })
    }
}
