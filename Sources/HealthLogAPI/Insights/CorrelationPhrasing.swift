import Foundation

/// GROUND RULE 12: the one way a correlation is put into words. A pair of series "correlates
/// with", and every statement says that this does not show that one causes the other.
enum CorrelationPhrasing {
    /// The machine token of every pair's relation.
    static let relation = "correlates_with"
    static let disclaimer = "this does not show that one causes the other."

    /// "Steps correlates with mood (r = 0.42, n = 63 days); this does not show that one causes the other."
    static func statement(_ first: String, _ second: String, coefficient: Double, sampleSize: Int) -> String {
        let shown = (coefficient * 100).rounded() / 100
        let r = String(format: "%.2f", shown == 0 ? 0 : shown)
        return "\(first) correlates with \(second.prefix(1).lowercased() + second.dropFirst()) (r = \(r), n = \(sampleSize) days); \(disclaimer)"
    }
}
