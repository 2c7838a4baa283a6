/// Words naming deadly accidents in a headline (`WordClass.accident`): crashes and collisions,
/// derailments, capsized or sunken boats, collapses, explosions. With `NaturalDisasters`, the deadly
/// incidents the topic model's disaster rule reads (`DeadlyDisaster`); the clusterer files each under
/// its kind of event (`StoryClustering.EventKind`, kept in step by a test).
public enum Accidents {
    /// As `Tokenizer` normalizes them: "crash-lands" is "crashlands".
    public static let words: Set<String> = WordClass.accident.forms
}
