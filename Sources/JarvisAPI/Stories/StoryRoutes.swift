import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /stories`, `GET /stories/{id}`, `GET /articles/{id}` — byte-exact with the iOS contract
/// (`sources` on list items only, `timeline` on the detail, unknown ids → 404 in the envelope).
enum StoryRoutes {
    static let endpoints: [JarvisEndpoint] = [list, detail, article]

    static let list = JarvisEndpoint(
        .get, "/stories", operationId: "listStories", summary: "Stories by signal score, a page at a time", tags: ["stories"],
        queryParameters: StoryFilter.parameters,
        success: OpenAPIResponse(200, "One page of stories", schema: PaginatedStories.schema),
        failures: [OpenAPIResponse(400, StoryFilter.refusals)]
    ) { context in
        { call in
            let filter = try StoryFilter(query: call.request.query)
            let reads = context.stories, firstPages = context.firstPages
            guard filter.after == nil else { return try context.responses.raw(try await reads.page(filter, now: context.clock()).page) }
            let key = StoryFirstPageCache.Key(filter)
            if let cached = firstPages.response(for: key, generation: try await reads.currentGeneration()) { return cached }
            let (page, ranking) = try await reads.page(filter, now: context.clock())
            let response = try context.responses.raw(page)
            firstPages.store(response, for: key, generation: ranking.generation)
            return response
        }
    }

    static let detail = JarvisEndpoint(
        .get, "/stories/{id}", operationId: "getStory", summary: "One story with its timeline", tags: ["stories"],
        success: OpenAPIResponse(200, "The story", schema: StoryDetail.schema),
        failures: [OpenAPIResponse(404, "story.not_found: no story with this id")]
    ) { context in
        { call in
            let id = call.request.parameter("id") ?? ""
            guard let story = try await context.stories.detail(id: id) else {
                throw APIError.notFound("No story with id \(id)", code: "story.not_found")
            }
            return try context.responses.raw(story)
        }
    }.withPathParameters([.path("id", description: "StorySummary.id")])

    static let article = JarvisEndpoint(
        .get, "/articles/{id}", operationId: "getArticle", summary: "One article's full plain text", tags: ["stories"],
        success: OpenAPIResponse(200, "The article", schema: ArticlePayload.schema),
        failures: [OpenAPIResponse(404, "article.not_found: no article with this id")]
    ) { context in
        { call in
            let id = call.request.parameter("id") ?? ""
            guard let article = try await context.stories.article(id: id) else {
                throw APIError.notFound("No article with id \(id)", code: "article.not_found")
            }
            return try context.responses.raw(article)
        }
    }.withPathParameters([.path("id", description: "TimelineEntry.articleId")])
}
