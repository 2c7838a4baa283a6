import HTTPServer
import XCTest

/// `Request.bearerCredential` reads `Authorization` as RFC 7235 §2.1 writes it: the scheme in any
/// case, one or more spaces, one token68. Both services and `/metrics` take their bearer from it.
final class BearerCredentialTests: XCTestCase {
    private func credential(_ authorization: String?) -> String? {
        var headers = HTTPHeaders()
        if let authorization { headers.add("Authorization", authorization) }
        return Request(method: "GET", target: "/", headers: headers).bearerCredential.map(String.init)
    }

    func testTheSchemeIsCaseInsensitiveAndSpacesBeforeTheCredentialAreOne() {
        XCTAssertEqual(credential("Bearer abc.DEF-_~+/="), "abc.DEF-_~+/=")
        XCTAssertEqual(credential("bearer abc"), "abc")
        XCTAssertEqual(credential("BEARER abc"), "abc")
        XCTAssertEqual(credential("Bearer   abc"), "abc")
    }

    func testAnythingElseHoldsNoBearerCredential() {
        for value in [nil, "", "Bearer", "Bearer ", "Bearer    ", "Bearerabc", "Basic YWJjOmRlZg==", "Bearer abc def",
                      "Token abc", " Bearer abc"] {
            XCTAssertNil(credential(value), String(describing: value))
        }
    }
}
