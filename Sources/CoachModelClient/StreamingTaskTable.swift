import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of `CoachModelClient`: forwards each running task's status and body
/// bytes, as they arrive, to the stream its caller reads. Callbacks come from the session's
/// queue; the table is behind a lock, which is what makes the unchecked Sendable sound.
final class StreamingTaskTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Event: Sendable {
        case status(Int)
        case bytes(Data)
    }

    private let streams = Mutex<[Int: AsyncThrowingStream<Event, Error>.Continuation]>([:])

    /// Starts `task` and returns its events; cancelling the reader cancels the task.
    func start(_ task: URLSessionDataTask) -> AsyncThrowingStream<Event, Error> {
        let (stream, continuation) = AsyncThrowingStream<Event, Error>.makeStream()
        streams.withLock { $0[task.taskIdentifier] = continuation }
        continuation.onTermination = { _ in task.cancel() }
        task.resume()
        return stream
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        _ = streams.withLock { $0[dataTask.taskIdentifier]?.yield(.status(status)) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        _ = streams.withLock { $0[dataTask.taskIdentifier]?.yield(.bytes(data)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let continuation = streams.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if let error { continuation?.finish(throwing: error) } else { continuation?.finish() }
    }
}
