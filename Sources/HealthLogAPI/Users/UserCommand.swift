import Foundation
import ServiceRuntime
import Storage

/// `healthlog user create --email E (--password-stdin | --password P) [--admin] [--timezone Area/City] [--database URL]`.
/// Exit codes: 0 created, 64 usage error, 65 invalid or duplicate account, 1 database failure.
enum UserCommand {
    static let usage = """
        usage: healthlog user create --email EMAIL (--password-stdin | --password PASSWORD) [--admin] [--timezone Area/City] [--database URL]
          --password-stdin reads the password from the first line of standard input, which keeps it out
            of the process list and the shell history (--password shows it to both)
          --timezone defaults to UTC; --database as for serve (env DATABASE_URL)
          env HEALTHLOG_PASSWORD_HASH_COST=minimal selects test-only hashing costs
        """

    static func run(_ arguments: [String], service: HealthLogService,
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        guard arguments.first == "create" else { return fail(usage, code: 64) }
        var email: String?, password: String?, timezone = "UTC", role = UserRole.user, database: [String] = []
        var remaining = arguments.dropFirst()
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
