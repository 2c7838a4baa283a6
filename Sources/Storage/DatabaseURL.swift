import Foundation

/// Where a `Database` lives, parsed from the single URL string services are configured with.
///
/// Accepted forms:
/// - `postgres://user:pass@host:port/db?…` or `postgresql://…`: handed to libpq unchanged,
///   so every libpq URI parameter (`sslmode`, `options`, `connect_timeout`, …) works.
/// - `:memory:` or `sqlite::memory:`: a private in-memory SQLite database (tests).
/// - `sqlite:///abs/path.sqlite`, `sqlite://./rel/path.sqlite`, `sqlite:rel/path.sqlite`, or a
///   bare path such as `./data/app.sqlite`: an SQLite file.
enum DatabaseLocation: Equatable, Sendable {
    case sqliteFile(path: String)
    case sqliteMemory
    case postgres(url: String)

    init(url: String) throws {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw DatabaseError(.invalidURL, "database URL is empty")
        }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            self = .postgres(url: trimmed)
            return
        }
        if trimmed == ":memory:" || lowered == "sqlite::memory:" || lowered == "sqlite://:memory:" {
            self = .sqliteMemory
            return
        }
        let path: String
        if lowered.hasPrefix("sqlite://") {
            path = String(trimmed.dropFirst("sqlite://".count))
        } else if lowered.hasPrefix("sqlite:") {
            path = String(trimmed.dropFirst("sqlite:".count))
        } else if let scheme = Self.scheme(of: trimmed) {
            throw DatabaseError(
                .invalidURL, "unsupported database URL scheme \"\(scheme)\"; use postgres://, postgresql:// or an SQLite path")
        } else {
            path = trimmed
        }
        guard !path.isEmpty else {
            throw DatabaseError(.invalidURL, "SQLite URL \"\(trimmed)\" has no file path")
        }
        self = .sqliteFile(path: path)
    }

    var dialect: SQLDialect {
        switch self {
        case .sqliteFile, .sqliteMemory: .sqlite
        case .postgres: .postgres
        }
    }

    /// `scheme` in `scheme://…`; nil for paths (which may contain ':' but never "://" early).
    private static func scheme(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        let candidate = url[..<range.lowerBound]
        let isScheme = !candidate.isEmpty && candidate.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        return isScheme ? String(candidate) : nil
    }
}
