import APIToolkit
import XCTest

final class JSONObjectTests: XCTestCase {
    func testReplacingAValueKeepsItsPosition() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        XCTAssertFalse(object.set(20, forKey: "b"))
        XCTAssertTrue(object.set(4, forKey: "d"))
        XCTAssertEqual(object.keys, ["a", "b", "c", "d"])
        XCTAssertEqual(object["b"], 20)
    }

    func testAssigningNilRemovesButAssigningNullStores() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = nil
        object["b"] = .null
        XCTAssertEqual(object.keys, ["b"])
        XCTAssertEqual(object["b"], .null)
        XCTAssertNil(object["a"])
    }

    func testLargeObjectsStayConsistentThroughInsertsAndRemovals() {
        var object = JSONObject()
        for index in 0..<40 { object["k\(index)"] = .integer(Int64(index)) }
        for index in stride(from: 0, to: 40, by: 3) { object.removeValue(forKey: "k\(index)") }
        object["k3"] = 300
        object["new"] = 1
        for index in 0..<40 where index % 3 != 0 {
            XCTAssertEqual(object["k\(index)"], .integer(Int64(index)))
        }
        XCTAssertEqual(object["k3"], 300)
        XCTAssertNil(object["k0"])
        XCTAssertEqual(object.keys.last, "new")
        XCTAssertEqual(object.count, 40 - 14 + 2)
    }

    func testEqualityDependsOnOrder() {
        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        XCTAssertNotEqual(ab, ba)
        XCTAssertEqual(ab, JSONObject([("a", 1), ("b", 2)]))
    }

    func testRepeatedLiteralKeysKeepFirstPositionAndLastValue() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        XCTAssertEqual(object.keys, ["a", "b"])
        XCTAssertEqual(object["a"], 3)
    }

    func testMergeReplacesSharedKeysAndAppendsNewOnes() {
        var base: JSONObject = ["errorCode": "x", "path": "a"]
        base.merge(["path": "b", "issues": []])
        XCTAssertEqual(base, ["errorCode": "x", "path": "b", "issues": []])
    }

    func testIterationYieldsMembersInOrder() {
        let object: JSONObject = ["z": 1, "y": 2]
        XCTAssertEqual(object.map(\.key), ["z", "y"])
    }

    func testJSONValueAccessors() {
        let value: JSONValue = ["list": [1, 2.5, "s"], "flag": true]
        XCTAssertEqual(value["list"]?[0]?.integerValue, 1)
        XCTAssertEqual(value["list"]?[1]?.doubleValue, 2.5)
        XCTAssertNil(value["list"]?[1]?.integerValue)
        XCTAssertEqual(JSONValue.number(4.0).integerValue, 4)
        XCTAssertNil(value["list"]?[3])
        XCTAssertEqual(value["flag"]?.boolValue, true)
        XCTAssertNil(value["missing"])
        XCTAssertEqual(value["list"]?[2]?.stringValue, "s")
        XCTAssertEqual(value["list"]?.typeName, "array")
    }
}
