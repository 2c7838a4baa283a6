import APIToolkit
import Foundation
import XCTest

/// Models shaped like the Jarvis contract, to check what the iOS decoders will receive.
private struct Feed: Codable, Equatable {
    enum Health: String, Codable { case active, failing, dead }
    var id: String
    var name: String
    var url: URL
    var health: Health
    var pollIntervalSeconds: Int
    var failureCount: Int
    var lastFetchedAt: Date?
    var articleCountToday: Int
}

private struct Article: Encodable {
    var id: UUID
    var publishedAt: Date
    var imageUrl: String?
    var author: String?
    var score: Double
    var tags: [String]
    var ratings: [Int?]
}

final class APIEncoderTests: XCTestCase {
    private let encoder = APIEncoder()

    func testNilOptionalsArePresentAsNullInDeclarationOrder() throws {
        let feed = Feed(id: "f1", name: "BBC", url: URL(string: "https://feeds.bbci.co.uk/news/rss.xml")!, health: .active,
                        pollIntervalSeconds: 900, failureCount: 0, lastFetchedAt: nil, articleCountToday: 3)
        let text = String(decoding: try encoder.encodeToBytes(feed), as: UTF8.self)
        XCTAssertEqual(text, #"{"id":"f1","name":"BBC","url":"https://feeds.bbci.co.uk/news/rss.xml","health":"active","pollIntervalSeconds":900,"failureCount":0,"lastFetchedAt":null,"articleCountToday":3}"#)
    }

    func testEveryEncodedDateHasTheStrictIOSShape() throws {
        let dates = [0, 1_778_927_400.75, -0.25, 951_782_400.999_999, 1e9 + 0.5].map(Date.init(timeIntervalSince1970:))
        for date in dates {
            let article = Article(id: UUID(), publishedAt: date, imageUrl: nil, author: "A", score: 1, tags: [], ratings: [])
            let published = try XCTUnwrap(encoder.encode(article)["publishedAt"]?.stringValue)
            XCTAssertTrue(isIOSDate(published), published)
            XCTAssertEqual(published, APIDate.format(date))
        }
        let feed = Feed(id: "f", name: "n", url: URL(string: "https://a.example")!, health: .dead, pollIntervalSeconds: 60,
                        failureCount: 2, lastFetchedAt: Date(timeIntervalSince1970: 1_778_927_400.123), articleCountToday: 0)
        XCTAssertEqual(try encoder.encode(feed)["lastFetchedAt"], "2026-05-16T10:30:00Z")
    }

    func testOutputDecodesWithAnIOSStyleDecoder() throws {
        let feeds = (0..<3).map { index in
            Feed(id: "f\(index)", name: "Feed \(index)", url: URL(string: "https://example.com/\(index).xml")!,
                 health: [.active, .failing, .dead][index], pollIntervalSeconds: 900, failureCount: index,
                 lastFetchedAt: index == 1 ? nil : Date(timeIntervalSince1970: 1_778_927_400 + Double(index) + 0.5),
                 articleCountToday: index * 10)
        }
        struct FeedList: Codable { var data: [Feed] }
        let bytes = try encoder.encodeToBytes(FeedList(data: feeds))
        let decoded = try iOSStyleDecoder().decode(FeedList.self, from: Data(bytes))
        XCTAssertEqual(decoded.data.map(\.id), ["f0", "f1", "f2"])
        XCTAssertNil(decoded.data[1].lastFetchedAt)
        XCTAssertEqual(decoded.data[2].lastFetchedAt?.timeIntervalSince1970, 1_778_927_402)
    }

    func testIntegersStayIntegersAndDoublesStayNumbers() throws {
        struct Numbers: Encodable {
            var int = 91
            var int8: Int8 = -8
            var uint32: UInt32 = 4_000_000_000
            var int64 = Int64.min
            var whole = 72.0
            var float: Float = 0.1
            var optionalInt: Int? = 5
        }
        let value = try encoder.encode(Numbers())
        XCTAssertEqual(value, ["int": 91, "int8": -8, "uint32": 4_000_000_000, "int64": .integer(.min),
                               "whole": .number(72), "float": .number(0.1), "optionalInt": 5])
        XCTAssertEqual(String(decoding: try encoder.encodeToBytes(Numbers()), as: UTF8.self),
                       #"{"int":91,"int8":-8,"uint32":4000000000,"int64":-9223372036854775808,"whole":72.0,"float":0.1,"optionalInt":5}"#)
    }

    func testNonFiniteDoublesThrowWithTheirCodingPath() {
        struct Entry: Encodable { var value: Double }
        struct Batch: Encodable { var entries: [Entry] }
        let batch = Batch(entries: [Entry(value: 1), Entry(value: .infinity)])
        XCTAssertThrowsError(try encoder.encode(batch)) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["entries", "Index 1", "value"])
        }
        XCTAssertThrowsError(try encoder.encode([Float.nan]))
        XCTAssertThrowsError(try encoder.encode(["x": Double.nan]))
    }

    func testUnsignedValuesBeyondInt64Throw() {
        struct Big: Encodable { var count: UInt64 }
        XCTAssertThrowsError(try encoder.encode(Big(count: .max)))
        XCTAssertEqual(try encoder.encode(Big(count: UInt64(Int64.max))), ["count": .integer(.max)])
    }

    func testDatesOutsideFourDigitYearsThrow() {
        XCTAssertThrowsError(try encoder.encode(["at": Date(timeIntervalSince1970: 1e12)]))
        XCTAssertThrowsError(try encoder.encode([Date(timeIntervalSince1970: -70_000_000_000)]))
    }

    func testFoundationValueTypesUseTheirAPIForms() throws {
        struct Values: Encodable {
            var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            var link = URL(string: "https://example.com/a?b=c")!
            var relative = URL(string: "b", relativeTo: URL(string: "https://example.com/a/")!)!
            var blob = Data([0, 1, 2, 250])
            var price = Decimal(string: "12.34")!
        }
        XCTAssertEqual(try encoder.encode(Values()), [
            "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            "link": "https://example.com/a?b=c",
            "relative": "https://example.com/a/b",
            "blob": "AAEC+g==",
            "price": 12.34,
        ])
    }

    func testStringKeyedDictionariesAreSortedForDeterministicOutput() throws {
        let priorities = ["steps": ["APPLE_HEALTH", "WITHINGS"], "weight": ["WITHINGS"], "alpha": []]
        XCTAssertEqual(try encoder.encode(priorities).objectValue?.keys, ["alpha", "steps", "weight"])
    }

    func testArraysOfOptionalsAndNestedOptionals() throws {
        let article = Article(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, publishedAt: Date(timeIntervalSince1970: 0),
                              imageUrl: nil, author: nil, score: 0.5, tags: ["a", "b"], ratings: [1, nil, 3])
        let value = try encoder.encode(article)
        XCTAssertEqual(value["imageUrl"], .null)
        XCTAssertEqual(value["author"], .null)
        XCTAssertEqual(value["ratings"], [1, nil, 3])
        XCTAssertEqual(value.objectValue?.keys, ["id", "publishedAt", "imageUrl", "author", "score", "tags", "ratings"])
    }

    func testJSONValuesEmbedAsTheyAre() throws {
        struct Envelope: Encodable {
            var data: JSONValue
            var meta: JSONObject
            var optional: JSONValue?
        }
        let value = try encoder.encode(Envelope(data: ["b": 1, "a": [2.5]], meta: ["z": nil], optional: nil))
        XCTAssertEqual(value, ["data": ["b": 1, "a": [2.5]], "meta": ["z": nil], "optional": nil])
    }

    func testCustomEncodeImplementationsWithNestedAndSuperEncoders() throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case point, list, parent }
            enum PointKeys: String, CodingKey { case x, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var point = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
                try point.encode(1, forKey: .x)
                try point.encodeIfPresent(Int?.none, forKey: .y)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode("first")
                var inner = list.nestedContainer(keyedBy: PointKeys.self)
                try inner.encode(2.5, forKey: .x)
                try list.encodeNil()
                let parent = container.superEncoder(forKey: .parent)
                var single = parent.singleValueContainer()
                try single.encode(true)
            }
        }
        XCTAssertEqual(try encoder.encode(Custom()), ["point": ["x": 1, "y": nil], "list": ["first", ["x": 2.5], nil], "parent": true])
    }

    func testTopLevelScalarsArraysAndEmptyTypes() throws {
        struct Empty: Encodable {}
        XCTAssertEqual(try encoder.encode("text"), "text")
        XCTAssertEqual(try encoder.encode([1, 2]), [1, 2])
        XCTAssertEqual(try encoder.encode(Empty()), [:])
        XCTAssertEqual(try encoder.encode(Int?.none), nil)
    }

    func testUserInfoReachesCustomEncoders() throws {
        let key = CodingUserInfoKey(rawValue: "locale")!
        struct Localised: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(encoder.userInfo[key] as? String ?? "none")
            }
        }
        XCTAssertEqual(try APIEncoder(userInfo: [key: "de"]).encode([Localised(key: key)]), ["de"])
    }
}
