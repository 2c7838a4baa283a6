import Foundation
@testable import HealthLogAPI
import TestHTTPClients
import XCTest

/// Endpoints that take bodies over 64 KiB (the 5 MB batches, the 50 MB backup import, and
/// every authenticated endpoint left at the 1 MiB default) authenticate
/// from the request head: a client without credentials is refused before it sends a byte of
/// its body, so unauthenticated uploads cannot fill the server's memory.
final class LargeBodyAuthenticationTests: XCTestCase {
    func testUploadsWithoutCredentialsAreRefusedBeforeTheBodyOnSQLite() async throws { try await refusedFromTheHead(.sqlite) }
    func testUploadsWithoutCredentialsAreRefusedBeforeTheBodyOnPostgres() async throws { try await refusedFromTheHead(.postgres) }
    func testAnAdmittedUploadIsAuthenticatedOnceOnSQLite() async throws { try await authenticatedOnce(.sqlite) }
    func testAnAdmittedUploadIsAuthenticatedOnceOnPostgres() async throws { try await authenticatedOnce(.postgres) }

    private func head(_ path: String, length: Int, credentials: String?) -> String {
        "POST \(path) HTTP/1.1\r\nHost: healthlog\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
            + (credentials.map { "\($0)\r\n" } ?? "") + "\r\n"
    }

    /// Only the head of an upload (5 MB, or 1 MB under the default limit) is sent, yet the 401 arrives: the server decided from
    /// the head and never waited for (or read) the body.
    private func refusedFromTheHead(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        // The batches and the import set their own ceilings; medications has the 1 MiB default.
        let uploads = [(MeasurementBatchEndpoint.route, 5_000_000), (WorkoutBatchEndpoint.route, 5_000_000),
                       ("/api/backup/import", 5_000_000), ("/api/medications", 1_000_000)]
        for (path, length) in uploads {
            for credentials in [nil, "Authorization: Bearer hla_not-a-real-token", "Cookie: \(TokenPolicy.sessionCookieName)=\(TokenPolicy.sessionPrefix)forged"] {
                let connection = try RawConnection(port: harness.server.port)
                connection.send(head(path, length: length, credentials: credentials))
                let response = connection.readUntilClosed()
                let label = "\(path) with \(credentials ?? "no credentials")"
                XCTAssertTrue(response.hasPrefix("HTTP/1.1 401 "), "\(label): \(response)")
                XCTAssertTrue(response.contains("Connection: close"), label)
                XCTAssertTrue(response.contains("WWW-Authenticate: Bearer"), label)
                XCTAssertTrue(response.contains(#""errorCode":"auth.unauthorized""#), "\(label): the API's envelope: \(response)")
            }
        }
        XCTAssertEqual(harness.server.bodyBytesInFlight, 0)
    }

    /// The head check's account reaches the handler: one bearer lookup, one audit row.
    private func authenticatedOnce(_ backend: TestBackend) async throws {
        let harness = try await HealthLogHarness.start(self, backend)
        let userID = try harness.createUser("uploader@example.com")
        let access = try harness.nativeTokens("uploader@example.com").access
        let connection = try RawConnection(port: harness.server.port)
        connection.send(head(MeasurementBatchEndpoint.route, length: 2, credentials: "Authorization: Bearer \(access)") + "{}")
        let response = connection.readResponses(1).first ?? ""
        XCTAssertTrue(response.hasPrefix("HTTP/1.1 422 "), "the body was read and validated: \(response)")
        let successes = { try await harness.auditActions(userID: userID).filter { $0 == "auth.bearer.success" }.count }
        let recorded = try await eventually { try await successes() >= 1 }
        XCTAssertTrue(recorded, "the bearer success was never audited")
        let count = try await successes()
        XCTAssertEqual(count, 1, "authenticated from the head only, not again in the handler")
    }
}
