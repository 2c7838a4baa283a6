import Foundation
import ServiceRuntime

/// `healthlog drain-per-sample-cumulative [--database URL]`: the operator's way to run the
/// drain (contract §12), printing one progress line per user and a summary.
/// Exit codes: 0 done, 64 usage error, 1 database failure.
enum DrainCommand {
    static let usage = "usage: healthlog drain-per-sample-cumulative [--database URL]   (--database as for serve, env DATABASE_URL)"

    static func run(_ arguments: [String], service: HealthLogService,
                    environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        guard arguments.isEmpty || (arguments.count == 2 && arguments[0] == "--database") else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 64
        }
        do {
            let options = try ServiceOptions.parse(arguments, environment: environment, defaults: service.defaults)
            let database = try UserCommand.openMigrated(options.databaseURL, service: service)
            defer { database.close() }
            let counts = try await PerSampleDrain(database: database).run { index, total, userID, counts in
                print("drain-per-sample-cumulative: user \(index)/\(total) \(userID): \(counts.samplesRemoved) samples -> "
                      + "\(counts.daysCreated) days created, \(counts.daysRaised) raised, \(counts.daysKept) kept")
            }
            print("drain-per-sample-cumulative: done: \(counts.users) users, \(counts.samplesRemoved) samples removed, "
                  + "\(counts.daysCreated) days created, \(counts.daysRaised) raised, \(counts.daysKept) kept")
            return 0
        } catch {
            FileHandle.standardError.write(Data("healthlog drain-per-sample-cumulative: \(error)\n".utf8))
            return 1
        }
    }
}
