import Foundation

/// The labeled topic sets in the shared data folder, read into one shape with a fixed
/// train / held-out split, for `TopicTrainer` and `TopicEval`.
///
/// Split (fixed, never tuned): in every file, the row with 0-based index `i` (header excluded)
/// is held out when `i % 5 == 4`: 20% of each file, spread evenly over it. The published
/// MasakhaNEWS split is not used: its English train file is not in the shared data, so holding
/// out its whole test file would leave only 472 English items to learn from.
///
/// Subject mapping (what the model learns): business → finance; tech, technology and
/// Sci/Tech → tech; politics → politics; sport(s), entertainment, health → other. AG's World
/// class mixes politics with wars, disasters and crime, so it is not a subject label: its items
/// carry `subject == nil` from the data set and take the subject `SubjectRelabels` gives each of them
/// (every World item was read). AllSides articles
/// take their story's topic tag (`AllSidesTopics`) and are split by story id. The desk supplement
/// (`deskSupplement(at:)`, a file in the repository) is training data only: it is never held out. Items whose data
/// set label disagrees with the desk's conventions are relabelled by `SubjectRelabels` (science filed as Sci/Tech is
/// a kind of `other`), in training and held-out gold alike.
public struct TopicCorpusItem: Sendable {
    public enum Dataset: String, Sendable, CaseIterable {
        case bbc, agNews = "ag-news", masakhaEnglish = "masakha-eng", masakhaPidgin = "masakha-pcm", allSides = "allsides"
        case deskSupplement = "desk-supplement"
    }

    public let dataset: Dataset
    /// Which file of the data set ("train", "dev", "test") and the 0-based row in it. For
    /// AllSides, `file` is "article-<index in its story>" and `row` the story id, so the split
    /// and the validation folds keep a story's articles together.
    public let file: String
    public let row: Int
    public let headline: String
    public let body: String
    /// The data set's own label.
    public let sourceLabel: String
    /// "finance", "tech", "politics" or "other"; nil when the label is not a subject.
    public let subject: String?
    public let isHeldOut: Bool
    /// The kind of text without a desk (`TopicCorpora.kindsWithoutDesk`) an item of subject `other` trains as, when its
    /// data set's label does not say it (the desk supplement, `SubjectRelabels`).
    public var otherKind: String?

    /// A stable reference for labels kept in files: "ag-news/test/108".
    public var key: String { "\(dataset.rawValue)/\(file)/\(row)" }

    /// An AG News World item: the data set gives it no subject; `SubjectRelabels` gives it the one it was read as.
    public var isAGWorld: Bool { dataset == .agNews && sourceLabel == "World" }

    /// The item without a subject, as AG World's items were scored before they were read (`TopicEval --without-ag-world`).
    public var withoutSubject: TopicCorpusItem {
        TopicCorpusItem(dataset: dataset, file: file, row: row, headline: headline, body: body, sourceLabel: sourceLabel,
                        subject: nil, isHeldOut: isHeldOut)
    }
}

public enum TopicCorpora {
    public static func subject(forSourceLabel label: String) -> String? {
        switch label.lowercased() {
        case "business": return "finance"
        case "tech", "technology", "sci/tech": return "tech"
        case "politics": return "politics"
        case "sport", "sports", "entertainment", "health": return "other"
        default: return nil
        }
    }

    /// The kinds of text without a desk that train as kinds of `other` (the desk supplement's and the relabels' labels).
    public static let kindsWithoutDesk: Set = ["sport", "entertainment", "health", "science", "lifestyle", "disaster", "crime"]

    /// Every item of every set under `directory` (the shared data folder).
    /// `including` leaves data sets out, to compare models with and without one. `relabels` are applied to every
    /// item they name (`SubjectRelabels.unchanged` keeps the data sets' own labels).
    public static func load(from directory: URL,
                            including datasets: Set<TopicCorpusItem.Dataset> = Set(TopicCorpusItem.Dataset.allCases),
                            relabels: SubjectRelabels? = nil) throws -> [TopicCorpusItem] {
        var items = try loadBBC(directory) + loadAGNews(directory)
            + loadMasakha(directory, language: "eng", dataset: .masakhaEnglish, files: ["dev", "test"])
            + loadMasakha(directory, language: "pcm", dataset: .masakhaPidgin, files: ["train", "dev", "test"])
        if datasets.contains(.allSides) { items += try AllSidesTopics.items(dataDirectory: directory) }
        let relabels = try relabels ?? SubjectRelabels.bundled()
        return items.filter { datasets.contains($0.dataset) }.map(relabels.applied)
    }

    /// The desk supplement (`Tools/TopicTrainer/desk-supplement.tsv`, a resource of `TopicTrainer`): headline + lead items labelled by the desk's conventions (a tech company's
    /// business is tech, politics with money in it is politics), written for training where the labeled
    /// sets teach the other side of that boundary. Lines: `id`, `label`, `setting`, `headline`, `lead`,
    /// tab-separated; `#` lines are comments. `label` is finance, tech, politics, or the kind of text
    /// without a desk (sport, entertainment, health, science, lifestyle, disaster, crime), which trains as `other`
    /// of that kind. Every item trains; none is held out, so the held-out figures stay comparable.
    public static func deskSupplement(at url: URL) throws -> [TopicCorpusItem] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        return try lines.enumerated().map { row, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let label = fields.count == 5 ? fields[1] : ""
            guard ["finance", "tech", "politics"].contains(label) || kindsWithoutDesk.contains(label) else {
                throw DeskSupplementError.malformedLine(row: row, line: String(line))
            }
            let kind = kindsWithoutDesk.contains(label) ? label : nil
            var item = TopicCorpusItem(dataset: .deskSupplement, file: "supplement", row: row, headline: fields[3], body: fields[4],
                                       sourceLabel: label, subject: kind == nil ? label : "other", isHeldOut: false)
            item.otherKind = kind
            return item
        }
    }

    public enum DeskSupplementError: Error {
        case malformedLine(row: Int, line: String)
    }

    static func isEveryFifth(_ row: Int) -> Bool { row % 5 == 4 }

    static func rows(_ url: URL, separator: Character) throws -> [[String]] {
        Array(DelimitedText.records(try String(contentsOf: url, encoding: .utf8), separator: separator).dropFirst())
    }

    /// BBC text is lower-cased with the headline run into the body, so all of it is body.
    static func loadBBC(_ directory: URL) throws -> [TopicCorpusItem] {
        let url = directory.appendingPathComponent("bbc-news-kaggle/bbc_news_train_1490.csv")
        return try rows(url, separator: ",").enumerated().compactMap { row, fields -> TopicCorpusItem? in
            guard fields.count >= 3 else { return nil }
            return TopicCorpusItem(dataset: .bbc, file: "train", row: row, headline: "", body: fields[1],
                                   sourceLabel: fields[2], subject: subject(forSourceLabel: fields[2]),
                                   isHeldOut: isEveryFifth(row))
        }
    }

    /// AG rows come from `AGNews` (the one AG loader), cleaned as a feed reader would.
    static func loadAGNews(_ directory: URL) throws -> [TopicCorpusItem] {
        let names = [1: "World", 2: "Sports", 3: "Business", 4: "Sci/Tech"]
        return try AGNews.load(dataDirectory: directory).compactMap { item -> TopicCorpusItem? in
            guard let label = names[item.label] else { return nil }
            return TopicCorpusItem(dataset: .agNews, file: "test", row: item.row, headline: AGNewsCleaning.headline(item.title),
                                   body: AGNewsCleaning.description(item.description), sourceLabel: label,
                                   subject: subject(forSourceLabel: label), isHeldOut: isEveryFifth(item.row))
        }
    }

    static func loadMasakha(_ directory: URL, language: String, dataset: TopicCorpusItem.Dataset,
                            files: [String]) throws -> [TopicCorpusItem] {
        try files.flatMap { file in
            let url = directory.appendingPathComponent("masakhanews/\(language)/\(file).tsv")
            return try rows(url, separator: "\t").enumerated().compactMap { row, fields -> TopicCorpusItem? in
                guard fields.count >= 3 else { return nil }
                return TopicCorpusItem(dataset: dataset, file: file, row: row, headline: fields[1], body: fields[2],
                                       sourceLabel: fields[0], subject: subject(forSourceLabel: fields[0]),
                                       isHeldOut: isEveryFifth(row))
            }
        }
    }
}
