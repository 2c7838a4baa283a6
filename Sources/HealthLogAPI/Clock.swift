import Foundation

/// Unix seconds, the unit every HealthLog time column uses — except the synced rows'
/// `updated_at`, in unix milliseconds (contract §13.3, `docs/healthlog/sync.md`).
enum Clock {
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }
    static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
