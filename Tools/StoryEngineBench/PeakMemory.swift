import Foundation

/// This process's peak resident memory (VmHWM in /proc/self/status), in KiB. Each bench size runs
/// in its own process so one size's peak cannot hide inside another's.
enum PeakMemory {
    static func kibibytes() -> Int? { statusField("VmHWM:") }

    /// Resident memory now (VmRSS), in KiB.
    static func residentKibibytes() -> Int? { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}
