import Foundation
@testable import HealthLogAPI
import XCTest

/// Row ids of a batch: lowercase version-4 UUID text, distinct, from one random read per batch.
final class BatchRowIDTests: XCTestCase {
    func testIdsAreLowercaseVersion4UUIDText() {
        let ids = BatchRowIDs.make(count: 500)
        XCTAssertEqual(ids.count, 500)
        XCTAssertEqual(Set(ids).count, 500, "no two ids of a batch collide")
        for id in ids {
            XCTAssertNotNil(UUID(uuidString: id), id)
            XCTAssertEqual(id, id.lowercased())
            let characters = Array(id)
            XCTAssertEqual(characters.count, 36)
            XCTAssertEqual(characters[14], "4", "version nibble: \(id)")
            XCTAssertTrue("89ab".contains(characters[19]), "RFC 4122 variant: \(id)")
        }
    }

    func testFormattingSetsOnlyTheVersionAndVariantBits() {
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice([UInt8](repeating: 0xFF, count: 16))), "ffffffff-ffff-4fff-bfff-ffffffffffff")
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice([UInt8](repeating: 0, count: 16))), "00000000-0000-4000-8000-000000000000")
        XCTAssertEqual(BatchRowIDs.uuidText(ArraySlice(Array(0..<16))), "00010203-0405-4607-8809-0a0b0c0d0e0f")
    }

    func testBatchesNeverRepeatIds() {
        let first = Set(BatchRowIDs.make(count: 200)), second = Set(BatchRowIDs.make(count: 200))
        XCTAssertTrue(first.isDisjoint(with: second))
        XCTAssertEqual(BatchRowIDs.make(count: 0), [])
    }

    func testStoredMeasurementIdsAreVersion4OnSQLite() async throws { try await storedIdsAreVersion4(.sqlite) }
    func testStoredMeasurementIdsAreVersion4OnPostgres() async throws { try await storedIdsAreVersion4(.postgres) }

    private func storedIdsAreVersion4(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let token = try harness.bearer(for: "ids@example.com")
        let entries = (0..<20).map { Samples.entry(externalId: "id-\($0)") }
        let response = try await BatchClient.post(harness.measurementsBatchURL, json: Samples.batch(entries), bearer: token)
        XCTAssertEqual(response.inserted, 20, response.text)
        let ids = try await harness.database.read { connection in
            try connection.query("SELECT id FROM measurements").map { try $0.decode(String.self, "id") }
        }
        XCTAssertEqual(Set(ids).count, 20)
        XCTAssertTrue(ids.allSatisfy { Array($0)[14] == "4" && UUID(uuidString: $0) != nil && $0 == $0.lowercased() }, "\(ids)")
    }
}
