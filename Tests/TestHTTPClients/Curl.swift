import Foundation

/// curl as the tests' HTTP client: a real, independent client, so what the server sends is
/// checked as any client would receive it. Returns the status, the body and the response headers.
public func curl(_ arguments: [String]) throws -> (status: Int, body: String, headers: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    let headerFile = FileManager.default.temporaryDirectory.appendingPathComponent("h-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: headerFile) }
    process.arguments = ["-s", "-D", headerFile.path, "-w", "\n%{http_code}"] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    let status = Int(text.split(separator: "\n").last ?? "") ?? 0
    let body = text.components(separatedBy: "\n").dropLast().joined(separator: "\n")
    return (status, body, (try? String(contentsOf: headerFile, encoding: .utf8)) ?? "")
}
