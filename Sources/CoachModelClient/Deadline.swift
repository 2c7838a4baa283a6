import Foundation
import Synchronization

/// Wall-clock limits on one model request: the first token within `firstToken` seconds, the
/// whole reply within `reply`. `guarding` runs the work and cancels it when a limit passes,
/// then throws `Expired` naming which.
final class Deadline: Sendable {
    struct Expired: Error, CustomStringConvertible {
        let description: String
    }

    private let firstToken: TimeInterval
    private let reply: TimeInterval
    private let started = Date()
    private let tokenSeen = Atomic<Bool>(false)

    init(firstToken: TimeInterval, reply: TimeInterval) {
        self.firstToken = firstToken
        self.reply = reply
    }

    func firstTokenArrived() {
        tokenSeen.store(true, ordering: .relaxed)
    }

    /// Whether any text reached the caller.
    var sawToken: Bool { tokenSeen.load(ordering: .relaxed) }

    func guarding(_ work: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await work()
                return true
            }
            group.addTask {
                while true {
                    try await Task.sleep(nanoseconds: 50_000_000)
                    let elapsed = Date().timeIntervalSince(self.started)
                    if !self.tokenSeen.load(ordering: .relaxed), elapsed > self.firstToken { return false }
                    if elapsed > self.reply { return false }
                }
            }
            let finished = try await group.next() ?? false
            group.cancelAll()
            if !finished {
                throw Expired(description: tokenSeen.load(ordering: .relaxed)
                              ? "the model's reply took longer than \(Int(reply)) s"
                              : "no token from the model within \(Int(firstToken)) s")
            }
        }
    }
}
