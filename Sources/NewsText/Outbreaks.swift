/// Words naming a disease outbreak: the diseases news counts cases of, and the words for their spread.
/// `NumericFacts` reads "46 cases of cholera" as an outbreak's count with them, and the topic model's
/// disaster rule files a deadly outbreak under no desk (`DeadlyDisaster`).
public enum Outbreaks {
    /// Diseases whose cases news counts (`WordClass.disease`).
    public static let diseases: Set<String> = WordClass.disease.forms

    /// A disease, or a word of its spread (`WordClass.outbreakSpread`).
    public static let words: Set<String> = diseases.union(WordClass.outbreakSpread.forms)
}
