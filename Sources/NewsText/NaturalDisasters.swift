/// Words naming natural disasters, the one list of them: the topic model's disaster rule reads
/// it, and the clusterer ("earthquake strikes" is no walkout: `StrikeWords`; kinds of event:
/// `StoryClustering.EventKind`).
public enum NaturalDisasters {
    public static let words: Set<String> = [
        "earthquake", "earthquakes", "quake", "quakes", "aftershock", "aftershocks", "tsunami", "hurricane",
        "hurricanes", "typhoon", "typhoons", "cyclone", "tornado", "tornadoes", "flood", "floods", "flooding",
        "landslide", "landslides", "mudslide", "mudslides", "storm", "storms", "wildfire", "wildfires", "bushfire",
        "volcano", "eruption", "avalanche", "blizzard", "heatwave", "monsoon",
    ]
}
