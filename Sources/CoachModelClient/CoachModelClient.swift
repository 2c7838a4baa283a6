import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one client of the Coach's language model: an OpenAI-compatible chat-completions endpoint,
/// streamed. Before the first token a refused connection, a 5xx or a 429 is tried again (a few
/// times, with a short back-off); after it, a failure ends the reply. Deadlines are enforced
/// here by the wall clock (FoundationNetworking on Linux ignores a resource timeout): no first
/// token within `firstTokenTimeout`, or no end within `replyTimeout`, cancels the request.
/// Cancelling the task that reads the stream — the app went away — cancels the request too.
public final class CoachModelClient: Sendable {
    public struct Message: Codable, Sendable, Equatable {
        public let role: String
        public let content: String

        public init(role: String, content: String) {
            self.role = role
            self.content = content
        }
    }

    public let settings: CoachModelSettings
    private let session: URLSession
    private let tasks = StreamingTaskTable()

    public init(settings: CoachModelSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.firstTokenTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: nil)
    }

    /// The reply's text pieces as the model produces them.
    public func reply(to messages: [Message]) -> AsyncThrowingStream<String, Error> {
        let (stream, continuation) = AsyncThrowingStream<String, Error>.makeStream()
        let work = Task {
            do {
                try await self.run(messages, into: continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in work.cancel() }
        return stream
    }

    private func run(_ messages: [Message], into output: AsyncThrowingStream<String, Error>.Continuation) async throws {
        var lastProblem = "no attempt"
        for attempt in 1...max(1, settings.attemptsBeforeFirstToken) {
            try Task.checkCancellation()
            if attempt > 1 { try await Task.sleep(nanoseconds: UInt64(attempt - 1) * 300_000_000) }
            switch try await attemptReply(messages, into: output) {
            case .finished: return
            case .retry(let problem): lastProblem = problem
            }
        }
        throw CoachModelError.unavailable("the model did not answer: \(lastProblem)")
    }

    private enum Outcome {
        case finished
        /// Nothing was sent to the caller; another attempt may succeed.
        case retry(String)
    }

    private func attemptReply(_ messages: [Message], into output: AsyncThrowingStream<String, Error>.Continuation) async throws -> Outcome {
        let events = tasks.start(session.dataTask(with: try request(messages)))
        let watchdog = Deadline(firstToken: settings.firstTokenTimeout, reply: settings.replyTimeout)
        var sentText: Bool { watchdog.sawToken }
        do {
            try await watchdog.guarding {
                var parser = ChatStreamParser()
                for try await event in events {
                    switch event {
                    case .status(let status) where status == 429 || status >= 500:
                        throw RetryableStatus(status: status)
                    case .status(let status) where status != 200:
                        throw CoachModelError.unavailable("the model server answered HTTP \(status)")
                    case .status:
                        continue
                    case .bytes(let data):
                        for piece in parser.feed(data) {
                            switch piece {
                            case .text(let text):
                                watchdog.firstTokenArrived()
                                output.yield(text)
                            case .done: return
                            case .error(let message): throw CoachModelError.interrupted("the model reported an error: \(message)")
                            }
                        }
                    }
                }
                for case .text(let text) in parser.finish() {
                    watchdog.firstTokenArrived()
                    output.yield(text)
                }
            }
            return sentText ? .finished : .retry("an empty reply")
        } catch let status as RetryableStatus where !sentText {
            return .retry("HTTP \(status.status)")
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as CoachModelError {
            throw sentText ? CoachModelError.interrupted(error.description) : error
        } catch let timeout as Deadline.Expired {
            throw sentText ? CoachModelError.interrupted(timeout.description) : CoachModelError.unavailable(timeout.description)
        } catch {
            let problem = (error as? URLError)?.code == .timedOut
                ? "no token from the model within \(Int(settings.firstTokenTimeout.rounded(.up))) s" : error.localizedDescription
            if sentText { throw CoachModelError.interrupted("the reply stopped: \(problem)") }
            return .retry(problem)
        }
    }

    private struct RetryableStatus: Error {
        let status: Int
    }

    private func request(_ messages: [Message]) throws -> URLRequest {
        var request = URLRequest(url: settings.endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let key = settings.apiKey { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        struct Body: Encodable {
            let model: String
            let messages: [Message]
            let stream = true
            let temperature = 0.2
            /// A Coach reply is a few sentences on a phone screen.
            let max_tokens = 400
        }
        request.httpBody = try JSONEncoder().encode(Body(model: settings.model, messages: messages))
        return request
    }
}
