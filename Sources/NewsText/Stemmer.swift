import CStemmer
import Synchronization

/// Snowball's English stemmer (libstemmer, the Porter 2 algorithm): "killed", "kills" and "killing"
/// are all "kill", so a word class lists a word once and meets every regular inflection of it.
/// Irregular forms ("struck", "upheld") stem to themselves and are listed beside their lemma.
/// Expects a lower-case word; a possessive "'s" is removed ("court's" is "court").
public enum Stemmer {
    /// libstemmer's stemmer object keeps its working buffer inside, so one call at a time uses it.
    private static let english = Mutex(Handle())

    private struct Handle: ~Copyable {
        let pointer: OpaquePointer

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
        let bytes = Array(word.utf8)
        return english.withLock { handle in
            guard let stemmed = bytes.withUnsafeBufferPointer({ buffer in
                sb_stemmer_stem(handle.pointer, buffer.baseAddress, Int32(buffer.count))
            }) else { return word }
            let length = Int(sb_stemmer_length(handle.pointer))
            return String(decoding: UnsafeBufferPointer(start: stemmed, count: length), as: UTF8.self)
        }
    }
}
