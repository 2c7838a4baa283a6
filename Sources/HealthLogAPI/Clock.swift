import Foundation

/// Unix seconds, the unit every HealthLog time column uses.
enum Clock {
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970.rounded(.down)) }
}
