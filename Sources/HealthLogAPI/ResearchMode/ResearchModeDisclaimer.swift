/// The Research Mode disclaimer and its version (contract §6). This is the one place the version
/// lives: bump it whenever the text, the drug list or the cited EPAR changes, and every user
/// must acknowledge again.
public enum ResearchModeDisclaimer {
    public static let version = "2026-05-14.1"

    /// The Research Mode chart's population table (`GLP1PopulationPK`) as this version cites it:
    /// its SHA-256 fingerprint, recorded with the version it belongs to. A change to the table
    /// (a half-life, an EPAR revision, a new drug) needs a new `version`, and then this pair is
    /// updated with it; `GLP1ModelTableLockTests` fails while the two disagree.
    static let modelTable = (version: "2026-05-14.1", fingerprint: "c946e4b44e58dbb668668db6a1a6cff91cb72074733278b75de1baffa4f4737f")

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
