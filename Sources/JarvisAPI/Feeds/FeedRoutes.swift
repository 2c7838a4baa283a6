import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime

/// `GET /feeds`, `POST /feeds`, `DELETE /feeds/{id}`, `POST /feeds/{id}/refresh` — byte-exact
/// with the iOS contract (list wrapped in `{"data": …}`, 201 + Feed, 204 with an empty body).
enum FeedRoutes {
    static func install(into router: inout Router, store: FeedStore, destinations: DestinationPolicy, responses: APIResponses,
                        clock: @escaping @Sendable () -> Date, pollNow: @escaping @Sendable () -> Void) {
        router.get("/feeds") { _ in
            try responses.raw(FeedList(data: try await store.list(now: clock())))
        }
        router.post("/feeds", options: RouteOptions(maxBodyBytes: 16 * 1024)) { request in
            let (url, name, interval) = try responses.decode(NewFeedRequest.self, from: request).validated()
            try await NewFeedRequest.refuseInternalDestination(url, policy: destinations)
            let feed = try await store.create(url: url, name: name, interval: interval, now: clock())
            pollNow()  // a new feed is fetched immediately
            return try responses.raw(feed, status: 201)
        }
        router.delete("/feeds/{id}") { request in
            guard try await store.delete(id: request.parameter("id") ?? "") else { throw notFound(request) }
            return .empty(204)
        }
        router.post("/feeds/{id}/refresh") { request in
            let id = request.parameter("id") ?? ""
            guard try await store.markDue(id: id, now: clock()), let feed = try await store.find(id: id, now: clock()) else {
                throw notFound(request)
            }
            pollNow()
            return try responses.raw(feed, status: 202)
        }
    }

    private static func notFound(_ request: Request) -> APIError {
        .notFound("No feed with id \(request.parameter("id") ?? "")", code: "feed.not_found")
    }
}
