import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /stories`, `GET /stories/{id}`, `GET /articles/{id}` — byte-exact with the iOS contract
/// (`sources` on list items only, `timeline` on the detail, unknown ids → 404 in the envelope).
enum StoryRoutes {
    static func install(into router: inout Router, reads: StoryReads, responses: APIResponses,
                        clock: @escaping @Sendable () -> Date) {
        router.get("/stories") { request in
            try responses.raw(try await reads.page(try StoryFilter(query: request.query), now: clock()))
        }
        router.get("/stories/{id}") { request in
            let id = request.parameter("id") ?? ""
            guard let story = try await reads.detail(id: id) else {
                throw APIError.notFound("No story with id \(id)", code: "story.not_found")
            }
            return try responses.raw(story)
        }
        router.get("/articles/{id}") { request in
            let id = request.parameter("id") ?? ""
            guard let article = try await reads.article(id: id) else {
                throw APIError.notFound("No article with id \(id)", code: "article.not_found")
            }
            return try responses.raw(article)
        }
    }
}
