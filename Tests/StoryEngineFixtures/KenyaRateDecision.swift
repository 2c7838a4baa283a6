import Foundation
import StoryEngine

/// One event told by several outlets, as the story engine receives it: Kenya's central bank
/// raising its benchmark rate. Shared by the engine's own tests and Jarvis's, which add the
/// third report each needs.
public enum KenyaRateDecision {
    /// When the first report is published.
    public static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// A report of `outlet`, `minutes` after `start`; the outlet's host is its name in lower case.
    public static func report(_ id: String, outlet: String, minutes: Double, _ headline: String, _ body: String,
                              flagged: Bool = false) -> EngineArticle {
        let host = outlet.lowercased().replacingOccurrences(of: " ", with: "") + ".example"
        return EngineArticle(id: id, sourceName: outlet, sourceKey: host, headline: headline, body: body,
                             publishedAt: start.addingTimeInterval(minutes * 60), url: "https://\(host)/\(id)", feedMarkedBreaking: flagged)
    }

    /// The first two reports, from two outlets, twenty minutes apart.
    public static let firstReports: [EngineArticle] = [
        report("a1", outlet: "Nairobi Wire", minutes: 0, "Central Bank of Kenya raises benchmark rate to 13%",
               "The Central Bank of Kenya raised its benchmark lending rate by 50 basis points to 13 percent on Tuesday, "
                   + "citing persistent inflation and a weaker shilling. "
                   + "Governor Kamau Thugge said the committee would act again if needed."),
        report("a2", outlet: "Global Wire", minutes: 20, "Kenya's central bank lifts key rate to 13 percent",
               "Kenya's central bank lifted its key interest rate to 13 percent from 12.5 percent, Governor Kamau Thugge said, "
                   + "as the Monetary Policy Committee moved to tame inflation and support the shilling."),
    ]
}
