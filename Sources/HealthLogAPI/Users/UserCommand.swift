import Foundation
import ServiceRuntime
import Storage

/// `healthlog user create --email E (--password-stdin | --password P) [--admin] [--timezone Area/City] [--database URL]`
/// and `healthlog user delete --email E [--database URL]`.
/// Exit codes: 0 done, 64 usage error, 65 invalid or duplicate account (create) or no such
/// account (delete), 1 database failure.
enum UserCommand {
    static let usage = """
        usage: healthlog user create --email EMAIL (--password-stdin | --password PASSWORD) [--admin] [--timezone Area/City] [--database URL]
               healthlog user delete --email EMAIL [--database URL]
          --password-stdin reads the password from the first line of standard input, which keeps it out
            of the process list and the shell history (--password shows it to both)
          --timezone defaults to UTC; --database as for serve (env DATABASE_URL)
          delete removes the account and everything it owns at once, as DELETE /api/auth/me does
            (docs/healthlog/backup.md), and revokes a linked Withings account's notifications when
            Withings is configured (the WITHINGS_* variables serve reads); there is no undo
          env HEALTHLOG_PASSWORD_HASH_COST=minimal selects test-only hashing costs
        """

    static func run(_ arguments: [String], service: HealthLogService,
                    environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        switch arguments.first {
        case "create": create(arguments.dropFirst(), service: service, environment: environment)
        case "delete": await delete(arguments.dropFirst(), service: service, environment: environment)
        default: fail(usage, code: 64)
        }
    }

    private static func create(_ arguments: ArraySlice<String>, service: HealthLogService, environment: [String: String]) -> Int32 {
        var email: String?, password: String?, timezone = "UTC", role = UserRole.user, database: [String] = []
        var remaining = arguments
        while let flag = remaining.popFirst() {
            switch flag {
            case "--admin": role = .admin
            case "--password-stdin":
                guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                    return fail("--password-stdin: no password on standard input\n\n\(usage)", code: 64)
                }
                password = line
            case "--email", "--password", "--timezone", "--database":
                guard let value = remaining.popFirst() else { return fail("\(flag) needs a value\n\n\(usage)", code: 64) }
                switch flag {
                case "--email": email = value
                case "--password": password = value
                case "--timezone": timezone = value
                default: database = ["--database", value]
                }
            default: return fail("unknown option \(flag)\n\n\(usage)", code: 64)
            }
        }
        guard let email, let password else { return fail("--email and a password are required\n\n\(usage)", code: 64) }
        do {
            let options = try ServiceOptions.parse(database, environment: environment, defaults: service.defaults)
            let hasher = try PasswordCost.hasher(environment: environment)
            let db = try openMigrated(options.databaseURL, service: service)
            defer { db.close() }
            let account = UserAccounts.NewAccount(email: email, password: password, role: role, timezone: timezone)
            let id = try UserAccounts.create(account, hasher: hasher, database: db)
            print("created \(role.rawValue) \(UserAccounts.normalizedEmail(email)) (id \(id))")
            return 0
        } catch let error as UserAccounts.CreationError {
            return fail("healthlog user create: \(error)", code: 65)
        } catch {
            return fail("healthlog user create: \(error)", code: 1)
        }
    }

    private static func delete(_ arguments: ArraySlice<String>, service: HealthLogService, environment: [String: String]) async -> Int32 {
        var email: String?, database: [String] = []
        var remaining = arguments
        while let flag = remaining.popFirst() {
            guard flag == "--email" || flag == "--database" else { return fail("unknown option \(flag)\n\n\(usage)", code: 64) }
            guard let value = remaining.popFirst() else { return fail("\(flag) needs a value\n\n\(usage)", code: 64) }
            if flag == "--email" { email = UserAccounts.normalizedEmail(value) } else { database = ["--database", value] }
        }
        guard let email else { return fail("--email is required\n\n\(usage)", code: 64) }
        do {
            let options = try ServiceOptions.parse(database, environment: environment, defaults: service.defaults)
            let db = try openMigrated(options.databaseURL, service: service)
            defer { db.close() }
            // As DELETE /api/auth/me does: Withings would otherwise keep notifying us about an
            // account nobody holds.
            if let withings = try WithingsLinkSettings(environment: environment),
               let id = try await db.read({ try UserStore.id(email: email, on: $0) }) {
                await WithingsTokens(client: WithingsAPIClient(settings: withings), database: db).revokeSubscriptions(userID: id)
            }
            let deleted = try db.transactionBlocking { connection -> String? in
                guard let id = try UserStore.id(email: email, on: connection) else {
                    return nil
                }
                try AccountDeletion.delete(userID: id, email: email, requestedBy: .operator, now: Clock.now(), on: connection)
                return id
            }
            guard let deleted else { return fail("healthlog user delete: no account with the e-mail \(email)", code: 65) }
            print("deleted \(email) (id \(deleted)) and everything it owned")
            return 0
        } catch {
            return fail("healthlog user delete: \(error)", code: 1)
        }
    }

    /// Opens the same database `serve` would and brings its schema up to date.
    static func openMigrated(_ url: String, service: HealthLogService) throws -> Database {
        if !url.hasPrefix("postgres"), url != ":memory:" {
            let path = url.hasPrefix("sqlite://") ? String(url.dropFirst("sqlite://".count)) : url
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        let database = try Database.open(url: url, poolSize: 1)
        _ = try database.migrateBlocking(service.migrations)
        return database
    }

    private static func fail(_ message: String, code: Int32) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return code
    }
}
