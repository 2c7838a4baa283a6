/// English function words: frequent everywhere, so they say nothing about which event or topic
/// a text is about (`WordClass.stopWord`).
public enum StopWords {
    public static let english: Set<String> = WordClass.stopWord.forms
}
