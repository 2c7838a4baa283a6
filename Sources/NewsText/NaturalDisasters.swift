/// Words naming natural disasters (`WordClass.naturalDisaster`): the topic model's disaster rule reads
/// them, and the clusterer ("earthquake strikes" is no walkout: `StrikeWords`; kinds of event:
/// `StoryClustering.EventKind`).
public enum NaturalDisasters {
    public static let words: Set<String> = WordClass.naturalDisaster.forms
}
