/// How the gate combines its rules with its trained classifier (`GateModel`; `docs/healthlog/coach-gate.md`,
/// "Rules and model together"): rules or model. The threshold was chosen by leave-one-author-out with the
/// rules' verdicts combined (`eval/coach-gate-model/loao.py`) and is kept in the model file.
extension InboundGate {
    /// The rules' verdict when they refuse (the model never vetoes: it cannot read an encoded payload or the
    /// conversation, and a veto let through slang dose changes the rules catch); otherwise a refusal when the
    /// model's score for `message` is above `refuseAbove`, under the rule the chooser picks, naming the drug
    /// the message (or else the conversation) names.
    func combined(_ verdict: GateVerdict, _ message: String, rules: GateRules) -> GateVerdict {
        guard verdict == .allow else { return verdict }
        let reading = model.read(message)
        guard reading.score > model.refuseAbove else { return .allow }
        let drug = rules.drugName(around: 0) ?? rules.context.drugName
        switch reading.rule {
        case .rule9: return .refuse(.glp1DoseRefusal, drug: drug)
        case .rule15: return .refuse(.drugLevelRefusal, drug: drug)
        case .injection: return .injection
        case .outOfScope: return .refuse(.outOfScopeRefusal, drug: nil)
        }
    }
}
