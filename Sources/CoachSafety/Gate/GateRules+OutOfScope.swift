/// Rule 10 by off-topic words (`InjectionShape.swift` reads off-topic asks by shape).
extension GateRules {
    /// True when sentence `index` is about a topic the Coach never covers (homework, code,
    /// bitcoin), or about weather, news, sport, travel and the like with no health word and no
    /// drug, medication, dose or injection word in it ("flying to NYC with my pens" is in scope),
    /// a word inside a longer off-topic term not counting ("un train"), unless the sentence only
    /// tells the circumstances of a request the message makes in scope (`tellsCircumstances`).
    func isOutOfScope(_ index: Int) -> Bool {
        let sentence = sentences[index]
        if sentence.has(.offTopicStrong) { return true }
        return sentence.has(.offTopicWeak) && !namesScope(sentence, askedOnly: true) && !tellsCircumstances(index)
    }

    /// True when sentence `index` asks for what the Coach never does (a strong off-topic word: news,
    /// code, a spreadsheet formula, a poem) and does nothing to a dose: news about a drug or a program
    /// that compares its prices asks for no dose, so rule 10 decides the sentence before rule 9 reads
    /// the drug ("What's the latest news on weight-loss drugs?", "un programa en Python que busque el
    /// Ozempic más barato"). A dose changed, taken, asked or judged keeps it in rule 9.
    func asksOffTopicBeforeDose(_ index: Int) -> Bool {
        let sentence = sentences[index]
        return sentence.has(.offTopicStrong) && !sentence.hasAny(Self.doseActions + [.opinionAsk, .approvalTag])
    }

    /// True when `sentence` names health, the app or a dose subject outside a longer off-topic term
    /// ("un train" is not "train", training; "Does the app work on an iPad?" is about the app).
    /// `askedOnly`: not in a reason given after an off-topic word, which says why the off-topic
    /// thing is asked ("jaka będzie pogoda jutro, bo jadę rowerem", "what's the weather tomorrow
    /// because I'm cycling to work").
    func namesScope(_ sentence: SentenceFacts, askedOnly: Bool = false) -> Bool {
        let offTopic = sentence.hits(of: [.offTopicWeak, .offTopicStrong])
        let reason = askedOnly
            ? sentence.hits(of: [.reasonWord]).filter { reason in offTopic.contains { $0.end <= reason.start } }.map(\.start).min()
            : nil
        return sentence.hits(of: [.healthAnchor, .appAction] + Self.doseSubjects).contains { word in
            !offTopic.contains(where: word.isPart) && word.start < (reason ?? Int.max)
        }
    }

    /// True when sentence `index` is a statement that asks and requests nothing (no question mark or
    /// question opener, no asking part, no reveal verb, permission or served request) in a message
    /// another sentence of which is in scope: it tells the circumstances of that request, and the
    /// weather, the news or a lift named there are no topic ("Can you help me set a reminder to log
    /// my blood pressure? I keep forgetting once the news comes on.", "Ho saltato la passeggiata tre
    /// giorni per la pioggia. In media quanti passi ho fatto?").
    func tellsCircumstances(_ index: Int) -> Bool {
        let sentence = sentences[index]
        guard !sentence.isQuestion, askingParts(sentence).isEmpty,
              !sentence.hasAny([.revealVerb, .youMay, .answerableRequest, .offTopicTask, .generalKnowledgeAsk]) else { return false }
        return sentences.indices.contains { $0 != index && !sentences[$0].has(.offTopicStrong) && namesScope(sentences[$0]) }
    }
}
