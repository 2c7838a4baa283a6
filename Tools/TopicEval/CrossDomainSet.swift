import Foundation

/// The cross-domain evaluation set (`eval/crossdomain/items.tsv`, described in its README): news the
/// classifier was never trained or tuned on. This file is the only reader of that folder, and only
/// `TopicEval`'s evaluation path calls it (`CrossDomainSeparationTests` checks both).
enum CrossDomainSet {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("eval/crossdomain/items.tsv")

    static func load() throws -> [DeskCase] {
        try DeskCase.items(String(contentsOf: file, encoding: .utf8))
    }
}
