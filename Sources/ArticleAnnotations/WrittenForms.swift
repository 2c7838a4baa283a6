import NewsText

/// How one text writes its words: each written form and how often, words opening a sentence left out;
/// nothing for a text in capitals. A flat list, not a table per lower-cased word: an article's annotation
/// holds one for its headline and one for its whole body, and they are merged only when a headline is
/// re-cased or checked for shouting (`HeadlineCasing.preferredForms`), which groups the forms by word.
package struct WrittenForms: Sendable {
    package let counts: [(form: String, count: Int)]

    package init(_ text: String) {
        self.init(text, sentences: Sentences.split(text))
    }

    /// The same for a text already split (`sentences` is `Sentences.split(text)`), with the tokens of its first
    /// sentences where the caller has read them (`tokens[i]` is `Tokenizer.tokens(sentences[i])`): an article's
    /// annotation splits and tokenises its body once.
    package init(_ text: String, sentences: [String], tokens known: [[Tokenizer.Token]] = []) {
        guard !Shouting.isAllCaps(text) else {
            counts = []
            return
        }
        var counted: [String: Int] = [:]
        for (position, sentence) in sentences.enumerated() {
            let tokens = position < known.count ? known[position] : Tokenizer.tokens(sentence)
            for (index, token) in tokens.enumerated() where index > 0 {
                counted[token.text, default: 0] += 1
            }
        }
        counts = counted.map { (form: $0.key, count: $0.value) }
    }
}
