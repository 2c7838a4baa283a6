import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime

/// `jarvis demo [options]`: Jarvis with news to read on a machine without internet. The bundled
/// newsroom (`Demo/Newsroom`, 24 fictional outlets) is served by loopback servers inside the
/// process, each outlet is subscribed as `jarvis feeds import` subscribes, and the server runs as
/// `serve` runs it, with the same options; stories appear once the first story round has read
/// the feeds, and where to look is printed on standard error.
///
/// The newsroom's address is allowed the way an operator allows a network: `127.0.0.1/32` is
/// added to `JARVIS_FEED_ALLOW_NETWORKS`, so the demo server also accepts feeds on this
/// machine's loopback from `POST /feeds`. Without `--database` or `DATABASE_URL`, the demo runs
/// on a fresh SQLite file in the temporary directory, removed at exit: the newsroom's ports
/// change every run, and its outlets never land in the database `serve` uses.
enum DemoCommand {
    static let summary = "[options] — read the bundled fictional newsroom, served on loopback (options as for serve)"
    /// The network the newsroom's servers listen on, added to the fetcher's allowed networks.
    static let newsroomNetwork = "127.0.0.1/32"

    static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let service = JarvisService()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("jarvis-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let environment = demoEnvironment(environment, scratchDatabase: scratch.appendingPathComponent("jarvis.sqlite").path)
        let options: ServiceOptions
        do {
            options = try ServiceOptions.parse(arguments, environment: environment, defaults: service.defaults)
            guard options.databaseURL != ":memory:" else {
                throw ServiceOptions.InvalidOption(description: "the demo subscribes before the server starts: give it a database file")
            }
        } catch {
            FileHandle.standardError.write(Data("jarvis demo: \(error)\n\n\(ServiceOptions.usage)\n".utf8))
            return 64
        }
        let newsroom: Newsroom
        let report: FeedsCommand.ImportReport
        do {
            newsroom = try Newsroom()
            do {
                report = try await subscribe(to: newsroom, databaseURL: options.databaseURL, environment: environment)
            } catch {
                await newsroom.stop()
                throw error
            }
        } catch {
            FileHandle.standardError.write(Data("jarvis demo: \(error)\n".utf8))
            return 1
        }
        let status = await ServiceRunner.serve(service, arguments: arguments, environment: environment) { server, options in
            FileHandle.standardError.write(Data(announcement(port: server.port, options: options, report: report).utf8))
        }
        await newsroom.stop()
        return status
    }

    /// The process's environment with the newsroom's network allowed and, unless a database is
    /// set, the scratch SQLite file as `DATABASE_URL` (which a `--database` flag still overrides).
    static func demoEnvironment(_ environment: [String: String], scratchDatabase: String) -> [String: String] {
        var result = environment
        let allowed = (environment[DestinationPolicy.environmentName] ?? "").trimmingCharacters(in: .whitespaces)
        result[DestinationPolicy.environmentName] = allowed.isEmpty ? newsroomNetwork : allowed + "," + newsroomNetwork
        if (environment["DATABASE_URL"] ?? "").isEmpty { result["DATABASE_URL"] = scratchDatabase }
        return result
    }

    /// Subscribes to every outlet through the checks `jarvis feeds import` applies.
    static func subscribe(to newsroom: Newsroom, databaseURL: String, environment: [String: String]) async throws
        -> FeedsCommand.ImportReport {
        let subscriptions = newsroom.manifest.outlets.map { OPMLDocument.Subscription(url: newsroom.feedURL($0.file), name: $0.name) }
        let destinations = try DestinationCheck(environment: environment)
        return try await FeedsCommand.withFeedStore(databaseURL) { store in
            try await FeedsCommand.importSubscriptions(subscriptions, into: store, destinations: destinations, showingProgress: false)
        }
    }

    /// What the person who started the demo reads: where the app's routes are.
    static func announcement(port: Int, options: ServiceOptions, report: FeedsCommand.ImportReport) -> String {
        let host = ["0.0.0.0", "::", ""].contains(options.host) ? "127.0.0.1" : options.host
        let authority = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        return """

            Jarvis demo: \(report.imported) fictional outlets served on loopback and subscribed; stories appear within a minute.
              stories       http://\(authority)/stories
              live updates  ws://\(authority)/ws
              feeds         http://\(authority)/feeds
              health        http://\(authority)/health
            Real feeds instead: jarvis feeds import docs/jarvis/starter-feeds.opml, then jarvis serve.

            """
    }
}
