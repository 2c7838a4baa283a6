import APIToolkit
import Foundation

/// The `after` cursor of `GET /stories`: which frozen ranking the page came from and where the
/// next page starts. Opaque to the app (base64url), so its layout can change with its version
/// tag. Because it names a ranking frozen when the first page was served (see `StoryRanking`),
/// stories arriving or moving while the app pages cause no item to be skipped or repeated.
struct StoryCursor: Equatable {
    static let version = "v1"
    /// What the document publishes for `after` (base64url without padding, as `encoded` writes
    /// it); `init(decoding:)` refuses anything else before reading it.
    static let schema: Schema = .string(maxLength: 256, pattern: "^[A-Za-z0-9_-]*$")
    let ranking: StoryRanking.Key
    let offset: Int

    var encoded: String {
        Data("\(Self.version)|\(offset)|\(ranking.text)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init(ranking: StoryRanking.Key, offset: Int) {
        self.ranking = ranking
        self.offset = offset
    }

    /// Reads a cursor this server wrote, or throws a 400 the app can act on (start over).
    init(decoding text: String) throws {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard SchemaValidator.validate(.string(text), against: Self.schema).isEmpty, let data = Data(base64Encoded: base64),
              let plain = String(data: data, encoding: .utf8) else {
            throw Self.invalid
        }
        let parts = plain.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, let offset = Int(parts[1]), offset > 0,
              let ranking = StoryRanking.Key(parsing: String(parts[2])) else {
            throw Self.invalid
        }
        self.init(ranking: ranking, offset: offset)
    }

    static let invalid = APIError.badRequest("The after cursor is not one this server issued; start again without it",
                                             code: "stories.invalid_cursor")
}
