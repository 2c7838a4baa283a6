import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /feeds`, `POST /feeds`, `DELETE /feeds/{id}`, `POST /feeds/{id}/refresh` — byte-exact
/// with the iOS contract (list wrapped in `{"data": …}`, 201 + Feed, 204 with an empty body).
enum FeedRoutes {
    static let endpoints: [JarvisEndpoint] = [list, create, delete, refresh]

    static let list = JarvisEndpoint(
        .get, "/feeds", operationId: "listFeeds", summary: "Every subscribed feed with its health", tags: ["feeds"],
        success: OpenAPIResponse(200, "The subscriptions, wrapped in data", schema: FeedList.schema)
    ) { context in
        { _ in try context.responses.raw(FeedList(data: try await context.feeds.list(now: context.clock()))) }
    }

    static let create = JarvisEndpoint(
        method: .post, path: "/feeds", operationId: "createFeed", summary: "Subscribe to a feed; it is fetched at once", tags: ["feeds"],
        requirements: .token, queryParameters: [], requestBody: NewFeedRequest.schema,
        success: OpenAPIResponse(201, "The new subscription", schema: Feed.schema),
        failures: [OpenAPIResponse(409, "feed.duplicate_url: already subscribed to this URL"),
                   OpenAPIResponse(422, "feed.invalid_url: url breaks its pattern; feed.invalid_name: name breaks its pattern (blank); "
                                   + "validation.failed: any other schema rule; feed.internal_address: the host has an address in the "
                                   + "server's own network that the operator did not allow")]
    ) { context in
        { call in
            let (url, name, interval) = try NewFeedRequest.decode(call.request.body).validated()
            try await context.destinations.refuseInternal(url)
            let feed = try await context.feeds.create(url: url, name: name, interval: interval, now: context.clock())
            context.pollNow()  // a new feed is fetched immediately
            return try context.responses.raw(feed, status: 201)
        }
    }.limitingBody(to: 16 * 1024)

    static let delete = JarvisEndpoint(
        .delete, "/feeds/{id}", operationId: "deleteFeed", summary: "Unsubscribe; the app expects exactly 204", tags: ["feeds"],
        success: OpenAPIResponse(204, "Deleted; empty body"), failures: [notFoundResponse]
    ) { context in
        { call in
            guard try await context.feeds.delete(id: call.request.parameter("id") ?? "") else { throw notFound(call.request) }
            return .empty(204)
        }
    }.withPathParameters([feedID])

    static let refresh = JarvisEndpoint(
        .post, "/feeds/{id}/refresh", operationId: "refreshFeed", summary: "Fetch a feed now", tags: ["feeds"],
        success: OpenAPIResponse(202, "The feed, due for fetching", schema: Feed.schema), failures: [notFoundResponse]
    ) { context in
        { call in
            let id = call.request.parameter("id") ?? ""
            guard try await context.feeds.markDue(id: id, now: context.clock()),
                  let feed = try await context.feeds.find(id: id, now: context.clock()) else {
                throw notFound(call.request)
            }
            context.pollNow()
            return try context.responses.raw(feed, status: 202)
        }
    }.withPathParameters([feedID])

    private static let feedID = OpenAPIParameter.path("id", description: "Feed.id")
    private static let notFoundResponse = OpenAPIResponse(404, "feed.not_found: no feed with this id")

    private static func notFound(_ request: Request) -> APIError {
        .notFound("No feed with id \(request.parameter("id") ?? "")", code: "feed.not_found")
    }
}
