import Foundation
import HTTPServer

/// How a service is configured: command-line flags win over environment variables, which win
/// over the service's defaults. `--port 0` picks a free port (the `listening` log line names it).
public struct ServiceOptions: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// An SQLite path (or `sqlite:///abs/path`) or a `postgres://…` URL.
    public var databaseURL: String
    public var logLevel: Logger.Level
    public var accessLog: Bool
    /// A second listener serving only `GET /metrics`, without a token; nil: none.
    public var metricsPort: Int?
    /// Where that listener binds: loopback unless an operator opens it wider.
    public var metricsHost: String

    public struct Defaults: Sendable {
        public let port: Int
        public let databaseFile: String
        public init(port: Int, databaseFile: String) {
            self.port = port
            self.databaseFile = databaseFile
        }
    }

    public struct InvalidOption: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static let usage = """
        options:
          --host HOST          address to listen on (env HOST, default 127.0.0.1)
          --port PORT          port to listen on (env PORT)
          --database URL       SQLite path or postgres:// URL (env DATABASE_URL)
          --log-level LEVEL    debug | info | warning | error (env LOG_LEVEL, default info)
          --no-access-log      do not log one line per request (env ACCESS_LOG=0)
          --metrics-port PORT  serve /metrics without a token on this port too (env METRICS_PORT)
          --metrics-host HOST  address of that listener (env METRICS_HOST, default 127.0.0.1)
        """

    public static func parse(_ arguments: [String], environment: [String: String], defaults: Defaults) throws -> ServiceOptions {
        var options = ServiceOptions(
            host: environment["HOST"] ?? "127.0.0.1",
            port: try environment["PORT"].map { try port($0, from: "PORT") } ?? defaults.port,
            databaseURL: environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaults.databaseFile,
            logLevel: try environment["LOG_LEVEL"].map { try level($0) } ?? .info,
            accessLog: environment["ACCESS_LOG"] != "0",
            metricsPort: try environment["METRICS_PORT"].flatMap { $0.isEmpty ? nil : try port($0, from: "METRICS_PORT") },
            metricsHost: environment["METRICS_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1")
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            func value() throws -> String {
                guard let next = remaining.popFirst() else { throw InvalidOption(description: "\(flag) needs a value") }
                return next
            }
            switch flag {
            case "--host": options.host = try value()
            case "--port": options.port = try port(try value(), from: "--port")
            case "--database": options.databaseURL = try value()
            case "--log-level": options.logLevel = try level(try value())
            case "--no-access-log": options.accessLog = false
            case "--metrics-port": options.metricsPort = try port(try value(), from: "--metrics-port")
            case "--metrics-host": options.metricsHost = try value()
            default: throw InvalidOption(description: "unknown option \(flag)")
            }
        }
        return options
    }

    private static func port(_ text: String, from source: String) throws -> Int {
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw InvalidOption(description: "\(source) must be a port number (0…65535), got \(text)")
        }
        return port
    }

    private static func level(_ text: String) throws -> Logger.Level {
        guard let level = Logger.Level(name: text) else {
            throw InvalidOption(description: "log level must be debug, info, warning or error, got \(text)")
        }
        return level
    }
}
