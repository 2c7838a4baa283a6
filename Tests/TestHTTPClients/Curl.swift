import Foundation

/// curl as the tests' HTTP client: a real, independent client, so what the server sends is
/// checked as any client would receive it. Returns the status, the body and the response headers.
public func curl(_ arguments: [String]) throws -> (status: Int, body: String, headers: String) {
    let headerFile = FileManager.default.temporaryDirectory.appendingPathComponent("h-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: headerFile) }
    let result = try Subprocess.run("/usr/bin/curl", ["-s", "-D", headerFile.path, "-w", "\n%{http_code}"] + arguments)
    let text = String(decoding: result.output, as: UTF8.self)
    let status = Int(text.split(separator: "\n").last ?? "") ?? 0
    let body = text.components(separatedBy: "\n").dropLast().joined(separator: "\n")
    let head = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
    ExchangeChecks.observe(arguments: arguments, status: status, head: head, body: body)
    return (status, body, head)
}
