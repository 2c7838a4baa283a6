/// Words naming natural disasters, the one list of them: the topic model's disaster rule reads
/// it, and the clusterer, to tell "earthquake strikes" (a verb) from a workers' strike.
public enum NaturalDisasters {
    public static let words: Set<String> = [
        "earthquake", "earthquakes", "quake", "quakes", "aftershock", "aftershocks", "tsunami", "hurricane",
        "hurricanes", "typhoon", "typhoons", "cyclone", "tornado", "tornadoes", "flood", "floods", "flooding",
        "landslide", "landslides", "mudslide", "mudslides", "storm", "storms", "wildfire", "wildfires", "bushfire",
        "volcano", "eruption", "avalanche", "blizzard", "heatwave", "monsoon",
    ]

    /// Forms of "strike" that say a disaster hit rather than name a walkout.
    static let strikeVerbs: Set<String> = ["strike", "strikes", "struck", "striking"]

    /// `words` (content words in order) without a "strikes" or "struck" that follows a disaster
    /// word: "earthquake strikes near Agadir" shares no "strike" with "health workers strike".
    public static func withoutDisasterStrikes(_ words: [String]) -> [String] {
        words.enumerated().filter { index, word in
            !(index > 0 && strikeVerbs.contains(word) && NaturalDisasters.words.contains(words[index - 1]))
        }.map(\.element)
    }
}
