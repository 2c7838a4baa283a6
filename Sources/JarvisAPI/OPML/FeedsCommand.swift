import APIToolkit
import FeedFetching
import Foundation
import ServiceRuntime
import Storage

/// `jarvis feeds import FILE.opml` and `jarvis feeds export`, for people arriving from (or
/// leaving for) another reader. Both take `--database URL` or `DATABASE_URL`, like `serve`.
enum FeedsCommand {
    static let usage = """
        usage: jarvis feeds import FILE.opml [--database URL]
               jarvis feeds export [--database URL] > feeds.opml
        """

    static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        var rest = arguments[...]
        guard let action = rest.popFirst(), action == "import" || action == "export" else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 64
        }
        var file: String?
        var databaseURL = environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? JarvisService().defaults.databaseFile
        while let argument = rest.popFirst() {
            if argument == "--database", let value = rest.popFirst() {
                databaseURL = value
            } else if action == "import" && file == nil && !argument.hasPrefix("--") {
                file = argument
            } else {
                FileHandle.standardError.write(Data("unexpected argument \(argument)\n\(usage)\n".utf8))
                return 64
            }
        }
        do {
            return try await withFeedStore(databaseURL) { store in
                if action == "export" {
                    let feeds = try await store.list(now: Date())
                    let subscriptions = feeds.map { OPMLDocument.Subscription(url: $0.url, name: $0.name) }
                    print(OPMLDocument.render(subscriptions, title: "Jarvis subscriptions", now: Date()), terminator: "")
                    return 0
                }
                guard let file else {
                    FileHandle.standardError.write(Data("feeds import needs an OPML file\n\(usage)\n".utf8))
                    return 64
                }
                let destinations = try DestinationCheck(environment: environment)
                let report = try await importSubscriptions(from: URL(fileURLWithPath: file), into: store, destinations: destinations)
                FileHandle.standardError.write(Data("\n\(report)\n".utf8))
                return 0
            }
        } catch {
            FileHandle.standardError.write(Data("jarvis feeds \(action): \(error)\n".utf8))
            return 1
        }
    }

    /// Opens and migrates the database at `databaseURL` (an SQLite file's folder is made first),
    /// runs `body` with its feed store, then closes it.
    static func withFeedStore<T>(_ databaseURL: String, _ body: (FeedStore) async throws -> T) async throws -> T {
        if databaseURL != ":memory:" && !databaseURL.hasPrefix("postgres") {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: databaseURL).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        let database = try Database.open(url: databaseURL)
        defer { database.close() }
        try await database.migrate(JarvisMigrations.all)
        return try await body(FeedStore(database: database))
    }

    struct ImportReport: CustomStringConvertible, Equatable {
        var imported = 0, duplicates = 0, invalid = 0, internalAddress = 0
        var description: String {
            "imported \(imported), already subscribed \(duplicates), invalid \(invalid), "
                + "refused as internal addresses \(internalAddress) (see \(DestinationPolicy.environmentName))"
        }
    }

    /// Imports the subscriptions of an OPML file (below).
    static func importSubscriptions(from file: URL, into store: FeedStore, destinations: DestinationCheck) async throws -> ImportReport {
        try await importSubscriptions(try OPMLDocument.subscriptions(in: try Data(contentsOf: file)), into: store, destinations: destinations)
    }

    /// Imports each subscription with the API's own validation, internal destinations refused
    /// as `POST /feeds` refuses them; with `showingProgress`, a progress line is redrawn on
    /// standard error as it goes, since large lists take a while.
    static func importSubscriptions(_ subscriptions: [OPMLDocument.Subscription], into store: FeedStore,
                                    destinations: DestinationCheck, showingProgress: Bool = true) async throws -> ImportReport {
        var report = ImportReport()
        for (index, subscription) in subscriptions.enumerated() {
            do {
                let (url, name, interval) = try NewFeedRequest.checked(url: subscription.url, name: subscription.name).validated()
                try await destinations.refuseInternal(url)
                _ = try await store.create(url: url, name: name, interval: interval, now: Date())
                report.imported += 1
            } catch let error as APIError where error.status == 409 {
                report.duplicates += 1
            } catch let error as APIError where error.code == "feed.internal_address" {
                report.internalAddress += 1
            } catch is APIError {
                report.invalid += 1
            }
            if showingProgress {
                FileHandle.standardError.write(Data("\rimporting \(index + 1)/\(subscriptions.count): \(report)".utf8))
            }
        }
        return report
    }
}
