import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /stories`, `GET /stories/{id}`, `GET /articles/{id}` — byte-exact with the iOS contract
/// (`sources` on list items only, `timeline` on the detail, unknown ids → 404 in the envelope).
enum StoryRoutes {
    static func install(into router: inout Router, reads: StoryReads, responses: APIResponses,
                        clock: @escaping @Sendable () -> Date) {
        let firstPages = StoryFirstPageCache()
        router.get("/stories") { request in
            let filter = try StoryFilter(query: request.query)
            guard filter.after == nil else { return try responses.raw(try await reads.page(filter, now: clock()).page) }
            let key = StoryFirstPageCache.Key(filter)
            if let cached = firstPages.response(for: key, generation: try await reads.currentGeneration()) { return cached }
            let (page, ranking) = try await reads.page(filter, now: clock())
            let response = try responses.raw(page)
            firstPages.store(response, for: key, generation: ranking.generation)
            return response
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
