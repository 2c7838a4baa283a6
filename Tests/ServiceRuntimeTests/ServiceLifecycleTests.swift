import APIToolkit
import Foundation
import HTTPServer
import ServiceRuntime
import Storage
import Synchronization
import XCTest

/// Background work runs while the server does, and stops (then hooks run) when it shuts down.
private final class Tally: Sendable {
    let ticks = Atomic<Int>(0)
    let stoppedCleanly = Atomic<Bool>(false)
    let hookRan = Atomic<Bool>(false)
}

private struct TickingService: Service {
    let tally: Tally
    let name = "ticking"
    let version = "0"
    let defaults = ServiceOptions.Defaults(port: 0, databaseFile: ":memory:")
    let envelope: any EnvelopeStyle = JarvisEnvelope()
    let migrations: [Migration] = []

    func configure(_ setup: inout ServiceSetup) throws {
        let tally = self.tally
        setup.backgroundTasks.append {
            while !Task.isCancelled {
                tally.ticks.add(1, ordering: .relaxed)
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            tally.stoppedCleanly.store(true, ordering: .relaxed)
        }
        setup.shutdownHooks.append {
            // Hooks run after background work has stopped.
            tally.hookRan.store(tally.stoppedCleanly.load(ordering: .relaxed), ordering: .relaxed)
        }
    }
}

final class ServiceLifecycleTests: XCTestCase {
    func testBackgroundTasksRunUntilShutdownThenHooksRun() async throws {
        let tally = Tally()
        let options = try ServiceOptions.parse(["--port", "0", "--database", ":memory:"], environment: [:],
                                               defaults: TickingService(tally: tally).defaults)
        let server = try await ServiceRunner.start(TickingService(tally: tally), options: options, environment: [:],
                                                   logger: Logger(minimumLevel: .error, sink: MemoryLogSink()))
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertGreaterThan(tally.ticks.load(ordering: .relaxed), 2)
        await server.shutdown()
        XCTAssertTrue(tally.stoppedCleanly.load(ordering: .relaxed))
        XCTAssertTrue(tally.hookRan.load(ordering: .relaxed))
        let after = tally.ticks.load(ordering: .relaxed)
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(tally.ticks.load(ordering: .relaxed), after, "no work after shutdown")
    }
}
