import Foundation
import Synchronization

/// Checks that test support registers for a server's port: `curl` hands every exchange with that
/// port to its check (a service's tests check each answer against their published document).
public enum ExchangeChecks {
    /// One exchange as `curl` saw it: the method, the URL's path without query, the status, the raw
    /// response head and the body.
    public struct Exchange: Sendable {
        public let method: String
        public let path: String
        public let status: Int
        public let head: String
        public let body: String

        /// The value of the first header named `name` (case-insensitive).
        public func header(_ name: String) -> String? {
            ExchangeChecks.header(name, in: head.components(separatedBy: "\r\n"))
        }
    }

    /// The value of the first of the response head's `lines` that is the header `name`
    /// (case-insensitive), without surrounding spaces.
    public static func header(_ name: String, in lines: [String]) -> String? {
        let prefix = name.lowercased() + ":"
        return lines.first { $0.lowercased().hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    private static let checks = Mutex<[Int: @Sendable (Exchange) -> Void]>([:])

    /// Runs `check` on every exchange `curl` has with 127.0.0.1:`port` until `unregister(port:)`.
    public static func register(port: Int, _ check: @escaping @Sendable (Exchange) -> Void) {
        checks.withLock { $0[port] = check }
    }

    public static func unregister(port: Int) {
        checks.withLock { $0[port] = nil }
    }

    /// Called by `curl`: finds the URL and method among its arguments (`-X M`, `-I` is HEAD, `-d`
    /// and `--data*` make it POST) and runs the port's check, if any.
    static func observe(arguments: [String], status: Int, head: String, body: String) {
        guard status != 0, let url = arguments.lazy.compactMap({ URLComponents(string: $0) }).first(where: { $0.host != nil }),
              let port = url.port, let check = checks.withLock({ $0[port] }) else { return }
        var method = arguments.contains("-I") || arguments.contains("--head") ? "HEAD" : "GET"
        if arguments.contains(where: { $0 == "-d" || $0.hasPrefix("--data") }) { method = "POST" }
        if let flag = arguments.firstIndex(where: { $0 == "-X" || $0 == "--request" }), flag + 1 < arguments.count {
            method = arguments[flag + 1]
        }
        check(Exchange(method: method, path: url.path, status: status, head: head, body: body))
    }
}
