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

    static let detail = byID("/stories/{id}", operationId: "getStory", summary: "One story with its timeline",
                             schema: StoryDetail.schema, idIs: "StorySummary.id", missing: "story") { context, id in
        try await context.stories.detail(id: id)
    }

    static let article = byID("/articles/{id}", operationId: "getArticle", summary: "One article's full plain text",
                              schema: ArticlePayload.schema, idIs: "TimelineEntry.articleId", missing: "article") { context, id in
        try await context.stories.article(id: id)
    }

    /// `GET <path>` with `{id}`: what `find` returns for the id, or 404 `<missing>.not_found`.
    private static func byID<Payload: Encodable & Sendable>(
        _ path: String, operationId: String, summary: String, schema: Schema, idIs: String, missing noun: String,
        find: @escaping @Sendable (JarvisContext, String) async throws -> Payload?
    ) -> JarvisEndpoint {
        JarvisEndpoint(
            .get, path, operationId: operationId, summary: summary, tags: ["stories"],
            success: OpenAPIResponse(200, "The \(noun)", schema: schema),
            failures: [OpenAPIResponse(404, "\(noun).not_found: no \(noun) with this id")]
        ) { context in
            { call in
                let id = call.request.parameter("id") ?? ""
                guard let payload = try await find(context, id) else {
                    throw APIError.notFound("No \(noun) with id \(id)", code: "\(noun).not_found")
                }
                return try context.responses.raw(payload)
            }
        }.withPathParameters([.path("id", description: idIs)])
    }
}
