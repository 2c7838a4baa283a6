import HTTPServer
import NewsText
import Synchronization

/// The answered first pages (`GET /stories` without `after`) of the current ranking generation.
///
/// Every write that changes what a listing shows — a story's row, its articles' placement and
/// breaking flags, a story leaving the feed, a placed article's link or date — moves the
/// generation in its transaction (`StoryRanking.advanceGeneration`). So a first page is a function of the generation and the filter: its
/// response can be served again, to any client of this process, until the generation moves.
/// The app opens on that page, so it is most of the listing traffic; a hit costs one one-row
/// read (the current generation) instead of three queries and the encoding. Pages behind a
/// cursor read stories' current rows (a story may have gone stale since) and are not cached.
final class StoryFirstPageCache: Sendable {
    struct Key: Hashable {
        let topic: Topic?
        let minSignal: Int
        let limit: Int

        init(_ filter: StoryFilter) {
            (topic, minSignal, limit) = (filter.topic, filter.minSignal, filter.limit)
        }
    }

    /// Filters × limits kept per generation; a client cycling through more only misses.
    static let capacity = 64

    private let state = Mutex<(generation: Int, responses: [Key: Response])>((-1, [:]))

    /// The response answered at `generation`, if this is still it.
    func response(for key: Key, generation: Int) -> Response? {
        state.withLock { $0.generation == generation ? $0.responses[key] : nil }
    }

    /// Keeps `response`, answered at `generation`; a newer generation replaces every older page.
    func store(_ response: Response, for key: Key, generation: Int) {
        state.withLock { state in
            if generation > state.generation { state = (generation, [:]) }
            guard generation == state.generation, state.responses.count < Self.capacity else { return }
            state.responses[key] = response
        }
    }
}
