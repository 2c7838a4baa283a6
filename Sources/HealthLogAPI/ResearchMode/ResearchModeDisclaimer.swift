/// The Research Mode disclaimer and its version (contract §6). This is the one place the version
/// lives: bump it whenever the text, the drug list or the cited EPAR changes, and every user
/// must acknowledge again.
public enum ResearchModeDisclaimer {
    public static let version = "2026-05-14.1"

    public static let text = """
        Research Mode shows a display-only research view of estimated GLP-1 medication levels \
        (semaglutide: Ozempic, Wegovy, Rybelsus; tirzepatide: Mounjaro, Zepbound; dulaglutide: \
        Trulicity; liraglutide: Saxenda). The curves are generic population models built from the \
        published EMA European Public Assessment Reports; they are not measurements and not your \
        personal drug level. HealthLog is not a medical device under EU MDR (EU 2017/745, see \
        MDCG 2021-24): do not use this view to start, stop, skip or change a dose. Talk to your \
        prescribing clinician about every dosing decision.
        """

    /// Strict equality on the exact bytes: no trimming, no case folding, no Unicode
    /// normalisation (Swift's `==` on `String` would treat canonically equivalent spellings as
    /// equal, which the contract does not allow).
    public static func isCurrent(_ acknowledged: String?) -> Bool {
        guard let acknowledged else { return false }
        return Array(acknowledged.utf8) == Array(version.utf8)
    }
}
