import Foundation
@testable import HealthLogAPI
import Storage
import XCTest

/// The iOS app's sync models and decoder, mirrored: `JSONDecoder` whose dates are exactly
/// `YYYY-MM-DDTHH:MM:SSZ` (what the app's `.iso8601` strategy accepts; Foundation's on Linux is
/// more lenient, so the check is written out). Decoding a response with these is the test that
/// the app will not show a blank screen.
enum AppDecoder {
    struct StrictDateError: Error, CustomStringConvertible {
        let text: String
        var description: String { "\(text) is not YYYY-MM-DDTHH:MM:SSZ" }
    }

    static func make() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard isStrictUTC(text), let date = ISO8601DateFormatter().date(from: text) else { throw StrictDateError(text: text) }
            return date
        }
        return decoder
    }

    static func isStrictUTC(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 20 && bytes.enumerated().allSatisfy { index, byte in
            switch index {
            case 4, 7: byte == UInt8(ascii: "-")
            case 10: byte == UInt8(ascii: "T")
            case 13, 16: byte == UInt8(ascii: ":")
            case 19: byte == UInt8(ascii: "Z")
            default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
    }

    /// The `data` of a HealthLog envelope, decoded as the app would.
    static func data<T: Decodable>(_ type: T.Type, from body: String) throws -> T {
        try make().decode(Envelope<T>.self, from: Data(body.utf8)).data
    }

    struct Envelope<T: Decodable>: Decodable {
        let data: T
    }
}

/// The sync fields every synced row carries (contract §13.2), as the app models them.
struct AppMoodEntry: Decodable, Equatable {
    let id: String
    let recordedAt: Date
    let mood: Int
    let energy: Int?
    let tags: [String]
    let note: String?
    let externalId: String?
    let clientId: String?
    let syncVersion: Int
    let updatedAt: Date
    let updatedAtMs: Int64
    let deletedAt: Date?
}

struct AppIntake: Decodable, Equatable {
    let id: String
    let medicationId: String
    let takenAt: Date
    let doseMg: Double?
    let skipped: Bool
    let site: String?
    let note: String?
    let externalId: String?
    let clientId: String?
    let syncVersion: Int
    let updatedAt: Date
    let updatedAtMs: Int64
    let deletedAt: Date?
}

struct AppPage<Item: Decodable>: Decodable {
    let items: [Item]
    let nextCursor: String?
}

struct AppSyncState: Decodable {
    let syncVersion: Int
    let lastSyncedAt: Date?
    let perEntity: [String: Int]
}

extension Database {
    /// A medication of `user` stored directly, for intake tests; returns its id.
    func insertMedication(user: String, name: String = "Mounjaro", kind: String = "glp1") async throws -> String {
        let id = UUID().uuidString.lowercased()
        try await write { connection in
            try connection.execute("""
                INSERT INTO medications (id, user_id, name, kind, dose_unit, schedule, created_at, updated_at)
                VALUES ($1, $2, $3, $4, 'mg', 'weekly', 1, 1)
                """, id, user, name, kind)
        }
        return id
    }
}
