@testable import Storage
import XCTest

final class DatabaseURLTests: XCTestCase {
    func testPostgresURLsArePassedToLibpqUnchanged() throws {
        let url = "postgres://app:s3cret@db.internal:5433/health?sslmode=require"
        XCTAssertEqual(try DatabaseLocation(url: url), .postgres(url: url))
        XCTAssertEqual(try DatabaseLocation(url: "postgresql://localhost/jarvis"), .postgres(url: "postgresql://localhost/jarvis"))
        XCTAssertEqual(try DatabaseLocation(url: "POSTGRES://localhost/x").dialect, .postgres)
    }

    func testSQLiteLocations() throws {
        XCTAssertEqual(try DatabaseLocation(url: ":memory:"), .sqliteMemory)
        XCTAssertEqual(try DatabaseLocation(url: "sqlite::memory:"), .sqliteMemory)
        XCTAssertEqual(try DatabaseLocation(url: "./data/app.sqlite"), .sqliteFile(path: "./data/app.sqlite"))
        XCTAssertEqual(try DatabaseLocation(url: "sqlite:///var/lib/app.sqlite"), .sqliteFile(path: "/var/lib/app.sqlite"))
        XCTAssertEqual(try DatabaseLocation(url: "sqlite://./rel.sqlite"), .sqliteFile(path: "./rel.sqlite"))
        XCTAssertEqual(try DatabaseLocation(url: "sqlite:rel.sqlite"), .sqliteFile(path: "rel.sqlite"))
        XCTAssertEqual(try DatabaseLocation(url: "/abs/with:colon.sqlite"), .sqliteFile(path: "/abs/with:colon.sqlite"))
        XCTAssertEqual(try DatabaseLocation(url: ":memory:").dialect, .sqlite)
    }

    func testUnusableURLsAreRejected() {
        for url in ["", "   ", "sqlite://", "mysql://localhost/db", "http://example.com/db"] {
            XCTAssertThrowsError(try DatabaseLocation(url: url), url) { error in
                XCTAssertEqual((error as? DatabaseError)?.kind, .invalidURL)
            }
        }
    }
}
