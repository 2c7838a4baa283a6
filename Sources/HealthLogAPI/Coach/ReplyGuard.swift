import CoachSafety
import Foundation

/// Releases a streamed model reply a sentence at a time, so nothing reaches the app that the
/// outbound guard has not read: a sentence that gives a dose, a dose change or a drug level
/// stops the reply (rules 9, 15); a sentence that would make the reply repeat eight words of the
/// system prompt stops it too; the evidence block is cut out and handed over as rows (rule 2).
/// Text after the last sentence end is held until more arrives or the reply ends.
struct ReplyGuard {
    enum Output: Equatable {
        case sentence(String)
        case evidenceBlock(String)
        /// Stop here and say the refusal of this rule.
        case stop(GroundRule)
        /// Stop here: the reply was repeating the system prompt.
        case leak
    }

    static let open = "---KEYVALUES---", close = "---END---"

    private let outbound: OutboundGuard
    private let systemPrompt: String
    private var pending = ""
    private var inEvidence = false
    private var released = ""
    private(set) var stopped = false

    init(outbound: OutboundGuard, systemPrompt: String) {
        self.outbound = outbound
        self.systemPrompt = systemPrompt
    }

    mutating func feed(_ text: String) -> [Output] {
        guard !stopped else { return [] }
        pending += text
        return drain(final: false)
    }

    mutating func finish() -> [Output] {
        guard !stopped else { return [] }
        return drain(final: true)
    }

    private mutating func drain(final: Bool) -> [Output] {
        var outputs: [Output] = []
        while !stopped {
            if inEvidence {
                guard let end = pending.range(of: Self.close) else {
                    if final { pending = "" }
                    break
                }
                outputs.append(.evidenceBlock(String(pending[..<end.lowerBound])))
                pending = String(pending[end.upperBound...])
                inEvidence = false
                continue
            }
            if let start = pending.range(of: Self.open) {
                let prose = String(pending[..<start.lowerBound])
                pending = String(pending[start.upperBound...])
                inEvidence = true
                outputs += release(prose, final: true)
                continue
            }
            let (complete, rest) = final ? (pending, "") : ReplySentences.completePrefix(pending)
            pending = rest
            outputs += release(complete, final: final)
            break
        }
        return outputs
    }

    private mutating func release(_ text: String, final: Bool) -> [Output] {
        var outputs: [Output] = []
        for sentence in ReplySentences.split(text) {
            if let rule = outbound.check(sentence) {
                stopped = true
                return outputs + [.stop(rule)]
            }
            if outbound.leaksPrompt(released + " " + sentence, systemPrompt: systemPrompt) {
                stopped = true
                return outputs + [.leak]
            }
            released += " " + sentence
            outputs.append(.sentence(sentence))
        }
        return outputs
    }
}
