import NewsText

/// How one text writes its words: each written form and how often, words opening a sentence left out;
/// nothing for a text in capitals. A flat list, not a table per lower-cased word: an article's annotation
/// holds one for its headline and one for its whole body, and they are merged only when a headline is
/// re-cased or checked for shouting (`HeadlineCasing.preferredForms`), which groups the forms by word.
package struct WrittenForms: Sendable {
    package let counts: [(form: String, count: Int)]

    package init(_ text: String) {
        guard !Shouting.isAllCaps(text) else {
            counts = []
            return
        }
        var counted: [String: Int] = [:]
        for sentence in Sentences.split(text) {
            for (index, token) in Tokenizer.tokens(sentence).enumerated() where index > 0 {
                counted[token.text, default: 0] += 1
            }
        }
        counts = counted.map { (form: $0.key, count: $0.value) }
    }
}
