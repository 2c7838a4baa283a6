/// Words naming a disease outbreak: the diseases news counts cases of, and the words for their spread.
/// `NumericFacts` reads "46 cases of cholera" as an outbreak's count with them, and the topic model's
/// disaster rule files a deadly outbreak under no desk (`DeadlyDisaster`).
public enum Outbreaks {
    /// Diseases whose cases news counts (not "disease": "cases of fraud involving the disease fund").
    public static let diseases: Set<String> = [
        "cholera", "measles", "mpox", "ebola", "marburg", "dengue", "malaria", "covid", "covid-19", "coronavirus", "flu",
        "influenza", "polio", "diphtheria", "meningitis", "anthrax", "lassa", "typhoid", "plague",
    ]

    /// A disease, or a word of its spread.
    public static let words: Set<String> = diseases.union(["virus", "outbreak", "epidemic", "infections", "infected"])
}
