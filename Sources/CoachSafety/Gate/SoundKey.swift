/// How a drug name sounds, spelt one way: the key dictation and phone typing leave unchanged when
/// they spell a brand by ear ("Osempik", "Ozempik" and "Ozempic" all read "osempik"; "Wegowi" and
/// "Wegovy" read "vegovi"). Letters that sound alike in the six languages become one letter (c, k,
/// q and ck → k; z → s; ph → f; w → v; y → i; oo and ou → u), h after a letter is silent, and a
/// doubled letter is one.
enum SoundKey {
    /// Names shorter than this match too many everyday words by sound.
    static let shortestName = 6

    static func of(_ word: String) -> String {
        var text = word
        for (spelling, sound) in [("ph", "f"), ("ck", "k"), ("oo", "u"), ("ou", "u")] {
            text = text.replacingOccurrences(of: spelling, with: sound)
        }
        var key: [Character] = []
        for letter in text {
            let sound: Character = switch letter {
            case "c", "q": "k"
            case "z": "s"
            case "w": "v"
            case "y": "i"
            default: letter
            }
            if sound == "h", !key.isEmpty { continue }
            if key.last == sound { continue }
            key.append(sound)
        }
        return String(key)
    }
}
