/// Rule 10 by off-topic words (`InjectionShape.swift` reads off-topic asks by shape).
extension GateRules {
    /// True when sentence `index` is about a topic the Coach never covers (homework, code,
    /// bitcoin), or about weather, news, sport, travel and the like with no health word and no
    /// drug, medication, dose or injection word in it ("flying to NYC with my pens" is in scope),
    /// a word inside a longer off-topic term not counting ("un train").
    func isOutOfScope(_ index: Int) -> Bool {
        let sentence = sentences[index]
        if sentence.has(.offTopicStrong) { return true }
        // A health word inside a longer off-topic term is that term's ("un train" is not "train", training).
        let offTopic = sentence.hits(of: [.offTopicWeak])
        // A question about the app is in scope whatever device it names ("Does the app work on an iPad?").
        let inScope = sentence.hits(of: [.healthAnchor, .appAction] + Self.doseSubjects).contains { word in
            !offTopic.contains(where: word.isPart)
        }
        return !offTopic.isEmpty && !inScope
    }
}
