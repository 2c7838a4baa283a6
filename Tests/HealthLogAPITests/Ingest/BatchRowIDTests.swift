import Foundation
@testable import HealthLogAPI
@testable import Storage
import XCTest

/// Row ids of a batch: lowercase UUID text, distinct, from one random read per batch; time first
/// (version 7) on SQLite, random (version 4) on PostgreSQL.
final class BatchRowIDTests: XCTestCase {
    func testIdsAreLowercaseUUIDTextOfTheDialectsVersion() {
        for (dialect, version) in [(SQLDialect.sqlite, Character("7")), (.postgres, "4")] {
            let ids = BatchRowIDs.make(count: 500, for: dialect)
            XCTAssertEqual(ids.count, 500)
            XCTAssertEqual(Set(ids).count, 500, "no two ids of a batch collide")
            for id in ids {
                XCTAssertNotNil(UUID(uuidString: id), id)
                XCTAssertEqual(id, id.lowercased())
                let characters = Array(id)
                XCTAssertEqual(characters.count, 36)
                XCTAssertEqual(characters[14], version, "version nibble: \(id)")
                XCTAssertTrue("89ab".contains(characters[19]), "RFC 9562 variant: \(id)")
            }
        }
    }

    func testFormattingSetsOnlyTheVersionAndVariantBits() {
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice([UInt8](repeating: 0xFF, count: 16)), version: 7),
                       "ffffffff-ffff-7fff-bfff-ffffffffffff")
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice([UInt8](repeating: 0, count: 16)), version: 4), "00000000-0000-4000-8000-000000000000")
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice(Array(0..<16)), version: 7), "00010203-0405-7607-8809-0a0b0c0d0e0f")
    }

    /// The first 48 bits are the milliseconds since 1970, so a later batch's ids sort after an
    /// earlier one's: each batch appends to the end of the `id` index.
    func testIdsStartWithTheirMillisecondAndSortByIt() {
        let stamped = BatchRowIDs.make(count: 3, milliseconds: 0x0123_4567_89AB)
        XCTAssertTrue(stamped.allSatisfy { $0.hasPrefix("01234567-89ab-7") }, "\(stamped)")
        let earlier = BatchRowIDs.make(count: 200, milliseconds: 1_765_000_000_000)
        let later = BatchRowIDs.make(count: 200, milliseconds: 1_765_000_000_001)
        XCTAssertLessThan(earlier.max()!, later.min()!)
        let now = BatchRowIDs.make(count: 1, for: .sqlite)[0], millisecondsNow = UInt64(Date().timeIntervalSince1970 * 1000)
        let stamp = UInt64(now.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16)!
        XCTAssertLessThanOrEqual(millisecondsNow - stamp, 60_000, now)
    }

    func testBatchesNeverRepeatIds() {
        for dialect in [SQLDialect.sqlite, .postgres] {
            let first = Set(BatchRowIDs.make(count: 200, for: dialect)), second = Set(BatchRowIDs.make(count: 200, for: dialect))
            XCTAssertTrue(first.isDisjoint(with: second))
            XCTAssertEqual(BatchRowIDs.make(count: 0, for: dialect), [])
        }
    }

    func testStoredMeasurementIdsAreVersion7OnSQLite() async throws { try await storedIds(.sqlite, version: "7") }
    func testStoredMeasurementIdsAreVersion4OnPostgres() async throws { try await storedIds(.postgres, version: "4") }

    private func storedIds(_ backend: TestBackend, version: Character) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "ids@example.com")
        let entries = (0..<20).map { Samples.entry(externalId: "id-\($0)") }
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.inserted, 20, response.text)
        let ids = try await harness.database.read { connection in
            try connection.query("SELECT id FROM measurements").map { try $0.decode(String.self, "id") }
        }
        XCTAssertEqual(Set(ids).count, 20)
        XCTAssertTrue(ids.allSatisfy { Array($0)[14] == version && UUID(uuidString: $0) != nil && $0 == $0.lowercased() }, "\(ids)")
    }
}
