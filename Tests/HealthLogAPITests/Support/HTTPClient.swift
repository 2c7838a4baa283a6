import APIToolkit
import Foundation
import HealthLogAPI
import TestHTTPClients
import XCTest

/// A real HTTP exchange over loopback through curl, so requests carry exactly the bytes and
/// headers a client sends (User-Agent, cookies) and nothing is mocked.
struct HTTPResult {
    let status: Int
    let body: String
    /// Raw response head lines.
    let headers: [String]

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
    var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
    var meta: [String: Any] { json["meta"] as? [String: Any] ?? [:] }
    var errorCode: String? { meta["errorCode"] as? String }

    /// The value of the first header named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        ExchangeChecks.header(name, in: headers)
    }
}

enum UserAgents {
    static let iOS = "HealthLog/42 CFNetwork/1568.100.1 Darwin/24.0.0"
    static let iOSApp = "HealthLog-iOS/1.5.0"
    static let browser = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15"
}

func http(_ method: String, _ url: String, json: String? = nil, bearer: String? = nil, cookie: String? = nil,
          userAgent: String = UserAgents.iOS, headers: [String] = [], body: String? = nil) throws -> HTTPResult {
    let headerFile = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: headerFile) }
    var arguments = ["-s", "-X", method, "-D", headerFile.path, "-w", "\n%{http_code}", "-A", userAgent]
    if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
    // A raw body goes with exactly the headers given (`Content-Type:` with no value sends none).
    if let body { arguments += ["--data-binary", body] }
    if let bearer { arguments += ["-H", "Authorization: Bearer \(bearer)"] }
    if let cookie { arguments += ["-H", "Cookie: \(cookie)"] }
    for header in headers { arguments += ["-H", header] }
    let text = String(decoding: try Subprocess.run("/usr/bin/curl", arguments + [url]).output, as: UTF8.self)
    var lines = text.components(separatedBy: "\n")
    let status = Int(lines.removeLast()) ?? 0
    let head = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
    let result = HTTPResult(status: status, body: lines.joined(separator: "\n"),
                            headers: head.components(separatedBy: "\r\n").filter { !$0.isEmpty })
    PublishedContract.check(method, url, result)
    return result
}

/// Every answer a test receives is checked against the published document's declaration of it
/// (`OpenAPIDocument.responseProblems`): a response schema that drifts from what the handler
/// sends fails the test that saw it.
enum PublishedContract {
    static let document = HealthLogOpenAPI.document(for: HealthLogService.productEndpoints)

    static func check(_ method: String, _ url: String, _ result: HTTPResult, file: StaticString = #filePath, line: UInt = #line) {
        guard let path = URLComponents(string: url)?.path, result.status != 0 else { return }
        for problem in document.responseProblems(method: method, path: path, status: result.status,
                                                 contentType: result.header("Content-Type"), body: Array(result.body.utf8)) {
            XCTFail("\(method) \(path) answered against the published contract: \(problem)", file: file, line: line)
        }
    }
}
