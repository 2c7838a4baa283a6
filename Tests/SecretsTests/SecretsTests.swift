import XCTest
@testable import Secrets

final class SecretsTests: XCTestCase {
    func testConstantTimeEqualsMatchesOnlyIdenticalInputs() {
        XCTAssertTrue(ConstantTime.equals("s3cret-webhook", "s3cret-webhook"))
        XCTAssertFalse(ConstantTime.equals("s3cret-webhook", "s3cret-webhooK"))
        XCTAssertFalse(ConstantTime.equals("s3cret", "s3cret-webhook"))
        XCTAssertFalse(ConstantTime.equals("", "x"))
        XCTAssertTrue(ConstantTime.equals("", ""))
    }

    func testSHA256MatchesTheStandardVector() {
        XCTAssertEqual(Digest.sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testRandomTokensAreURLSafeUniqueAndPrefixed() {
        let tokens = (0..<200).map { _ in RandomToken.generate(prefix: "rt_") }
        XCTAssertEqual(Set(tokens).count, 200)
        for token in tokens {
            XCTAssertTrue(token.hasPrefix("rt_"))
            XCTAssertEqual(token.count, 3 + 43)
            XCTAssertTrue(token.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, token)
        }
    }

    func testPasswordHashIsArgon2idAndVerifies() throws {
        let hasher = PasswordHasher.minimal
        let stored = try hasher.hash("correct horse battery staple")
        XCTAssertTrue(stored.hasPrefix("$argon2id$"))
        XCTAssertTrue(hasher.verify("correct horse battery staple", against: stored))
        XCTAssertFalse(hasher.verify("correct horse battery stapler", against: stored))
        XCTAssertFalse(hasher.verify("anything", against: "not a hash"))
        XCTAssertNotEqual(try hasher.hash("same"), try hasher.hash("same"), "each hash has its own salt")
    }

    func testRehashIsRequestedWhenCostsChange() throws {
        let stored = try PasswordHasher.minimal.hash("pw")
        XCTAssertFalse(PasswordHasher.minimal.needsRehash(stored))
        XCTAssertTrue(PasswordHasher.interactive.needsRehash(stored))
    }

    func testSecretBoxOpensOnlyWithItsKeyAndRefusesTampering() throws {
        let box = try SecretBox(hexKey: String(repeating: "0123456789abcdef", count: 4))
        let other = try SecretBox(hexKey: String(repeating: "fedcba9876543210", count: 4))
        let sealed = box.seal("access-token-value")
        XCTAssertFalse(sealed.contains("access-token-value"))
        XCTAssertNotEqual(box.seal("access-token-value"), sealed, "each value has its own nonce")
        XCTAssertEqual(try box.open(sealed), "access-token-value")
        XCTAssertThrowsError(try other.open(sealed))
        var tampered = Array(sealed)
        let middle = tampered.count / 2
        tampered[middle] = tampered[middle] == "A" ? "B" : "A"
        XCTAssertThrowsError(try box.open(String(tampered)))
        XCTAssertThrowsError(try box.open("not sealed"))
        for malformed in ["", "abc", String(repeating: "zz", count: 32), String(repeating: "0", count: 66)] {
            XCTAssertThrowsError(try SecretBox(hexKey: malformed), malformed)
        }
    }
}
