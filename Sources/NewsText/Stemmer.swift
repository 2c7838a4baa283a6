import CStemmer
import Synchronization

/// Snowball's English stemmer (libstemmer, the Porter 2 algorithm): "killed", "kills" and "killing"
/// are all "kill", so a word class lists a word once and meets every regular inflection of it.
/// Irregular forms ("struck", "upheld") stem to themselves and are listed beside their lemma.
/// Expects a lower-case word; a possessive "'s" is removed ("court's" is "court").
public enum Stemmer {
    /// libstemmer's stemmer object keeps its working buffer inside, so one call at a time uses it; the
    /// stems it gave are remembered, since news repeats its words (a lookup costs a fraction of a stem).
    private static let english = Mutex(State())

    /// Stems remembered at most; past it the memory starts again.
    static let rememberedStems = 65_536

    private struct State: ~Copyable {
        let pointer: OpaquePointer
        var stems: [String: String] = [:]

        init() {
            guard let pointer = sb_stemmer_new("english", "UTF_8") else {
                fatalError("libstemmer has no English stemmer for UTF-8")
            }
            self.pointer = pointer
        }

        deinit { sb_stemmer_delete(pointer) }
    }

    /// The stem of `word` ("injuries" → "injuri", "court's" → "court").
    public static func stem(_ word: String) -> String {
        guard !word.isEmpty else { return word }
        return english.withLock { state in
            if let known = state.stems[word] { return known }
            let bytes = Array(word.utf8)
            let pointer = state.pointer
            guard let stemmed = bytes.withUnsafeBufferPointer({ buffer in
                sb_stemmer_stem(pointer, buffer.baseAddress, Int32(buffer.count))
            }) else { return word }
            let stem = String(decoding: UnsafeBufferPointer(start: stemmed, count: Int(sb_stemmer_length(pointer))), as: UTF8.self)
            if state.stems.count >= rememberedStems { state.stems.removeAll(keepingCapacity: true) }
            state.stems[word] = stem
            return stem
        }
    }
}
