import NewsText

extension SubjectRule {
    /// A cyber attack is tech news, whoever it hit: a story the model put under no desk or under
    /// finance goes to tech unless the model was very sure, and one it put under tech is listed
    /// there even when the desks together are under `TopicClassifier.listingConfidence`.
    ///
    /// Why a rule and not only data: the labels file ransomware and hacking under Sci/Tech when
    /// the victim is a company, but a hospital's or a ministry's vocabulary pulls the subject
    /// elsewhere: "Ransomware attack forces Danish hospitals to divert ambulances" reads as none
    /// (health is `other`), which would leave a major attack unlisted beside others under tech.
    /// Finance too: "Cyberattack disrupts Kuwait's main ports" reads as finance until the gang's
    /// claim arrives (ports, cargo and customs read as trade). Tech itself is moved to tech so that the
    /// listing bar cannot drop it: an attack read as a little tech and much health would otherwise have
    /// its desks together under the bar and go unlisted.
    public static let cyberAttack = SubjectRule(
        name: "CyberAttackRule", moves: [.other, .finance, .tech], strongEvidence: 0.9, desk: .tech,
        matches: CyberAttack.isReported)
}

/// The test of `SubjectRule.cyberAttack`: a headline names an attack of that kind (`WordClass.cyberAttack`:
/// ransomware, cyberattack, "cyber attack", hackers, hacked, data breach, malware, spyware).
public enum CyberAttack {
    /// True when a headline of the story names a cyber attack.
    public static func isReported(_ texts: [StoryText]) -> Bool {
        texts.contains { text in
            let words = Tokenizer.words(text.headline)
            if words.contains(where: WordClass.cyberAttack.contains) { return true }
            return zip(words, words.dropFirst()).contains { WordClass.cyberAttack.contains($0 + " " + $1) }
        }
    }
}
