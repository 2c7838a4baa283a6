/// Folds plural endings so "earthquakes" meets "earthquake" and "rates" meets "rate". Deliberately
/// light: stronger stemmers conflate words that separate events ("organ"/"organization").
enum LightStemmer {
    static func stem(_ word: String) -> String {
        let count = word.utf8.count
        guard count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else { return word }
        if word.hasSuffix("ies"), count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }
}
