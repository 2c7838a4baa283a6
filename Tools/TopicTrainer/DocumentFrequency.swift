import Foundation

/// Inverse document frequency over the labeled training texts: idf = ln((1 + N) / (1 + df)) + 1
/// (the smoothed form: no term gets 0, a term in every text still counts a little). The
/// document frequencies come from `FeatureSelection`, which counts them anyway.
///
/// Why: a word found in most texts ("said", "year") says little about the subject, so its
/// count should weigh less than a rare one's; with unit-length vectors this moves weight to
/// the telling terms. Terms the model keeps no weights for share `unlistedIDF`, the idf of a
/// term seen in one text, so the shipped file needs no idf for the terms it dropped.
struct DocumentFrequency {
    private let documentTotal: Int
    private let enabled: Bool

    /// `enabled == false` gives every term idf 1: plain log counts, as before tf-idf.
    init(documentTotal: Int, enabled: Bool) {
        self.documentTotal = documentTotal
        self.enabled = enabled
    }

    var unlistedIDF: Double { idf(documents: 1) }

    func idf(documents: Int) -> Double {
        guard enabled else { return 1 }
        return log(Double(1 + documentTotal) / Double(1 + documents)) + 1
    }
}
