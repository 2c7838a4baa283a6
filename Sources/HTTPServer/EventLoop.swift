import CSystem
import Foundation
import Glibc
import SeededRandom
import Synchronization

/// Something the event loop wakes when its descriptor is ready.
protocol EventLoopSelectable: AnyObject {
    func handle(events: UInt32)
}

/// One thread, one epoll instance. Connections live on exactly one loop and are only touched
/// from its thread; other threads hand work over with `execute`, which wakes the loop through
/// an eventfd. That confinement is why the mutable state below needs no locks.
final class EventLoop: TaskExecutor, @unchecked Sendable {
    typealias Work = @Sendable (EventLoop) -> Void

    let index: Int
    private let epollFD: Int32
    private let wakeFD: Int32
    private let queue = Mutex<(items: [Work], stopped: Bool)>(([], false))
    private let wakeRequested = Atomic<Bool>(false)
    private let running = Atomic<Bool>(true)

    /// The loop thread's id (0 until it runs): `inLoop` is asked on every response.
    private let thread = Atomic<UInt>(0)

    // Confined to the loop's thread.
    /// Every connection of this loop reads into this buffer, then copies out only what arrived.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// Where response heads and access-log lines are put together before one append (`ByteStager`).
    let stagingArea = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * 1024, alignment: 16)
    var requestIDs = SplitMix64.seededFromSystem()
    /// Per-loop copies of per-second strings, so loops never contend for a shared cache.
    var dateHeader = PerSecondCache()
    var logTimestamps = PerSecondCache()
    /// Log lines written on this loop, handed to the logger once per iteration.
    var logBuffer: [UInt8] = []
    /// The loop's clock: read once per wake-up for I/O events, once per response for the rest.
    var clock = LoopClock()
    private var selectables: [EventLoopSelectable?] = []
    private var tickHandlers: [() -> Void] = []
    private var iterationHandlers: [() -> Void] = []
    private var attachments: [AnyObject] = []
    private var lastTick = MonotonicClock.seconds()

    init(index: Int) throws {
        self.index = index
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw Socket.Failure(call: "epoll_create1", errno: errno) }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw Socket.Failure(call: "eventfd", errno: errno) }
        control(EPOLL_CTL_ADD, wakeFD, events: EPOLLIN.rawValue)
    }

    deinit {
        readBuffer.deallocate()
        stagingArea.deallocate()
        close(epollFD)
        close(wakeFD)
    }

    // MARK: registration (loop thread only)

    func register(_ fd: Int32, _ selectable: EventLoopSelectable, events: UInt32) {
        if Int(fd) >= selectables.count {
            selectables.append(contentsOf: repeatElement(nil, count: Int(fd) - selectables.count + 64))
        }
        selectables[Int(fd)] = selectable
        control(EPOLL_CTL_ADD, fd, events: events)
    }

    func modify(_ fd: Int32, events: UInt32) {
        control(EPOLL_CTL_MOD, fd, events: events)
    }

    /// Forgets `fd`; the caller closes it.
    func deregister(_ fd: Int32) {
        control(EPOLL_CTL_DEL, fd, events: 0)
        if Int(fd) < selectables.count { selectables[Int(fd)] = nil }
    }

    /// Keeps `object` alive as long as the loop (acceptors outlive their listening socket).
    func attach(_ object: AnyObject) {
        attachments.append(object)
    }

    /// Called after each batch of events and queued work: per-loop buffers are handed on there.
    func onIterationEnd(_ handler: @escaping () -> Void) {
        iterationHandlers.append(handler)
    }

    /// Called about once a second on the loop thread: timeouts are checked there.
    func onTick(_ handler: @escaping () -> Void) {
        tickHandlers.append(handler)
    }

    private func control(_ op: Int32, _ fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        epoll_ctl(epollFD, op, fd, &event)
    }

    // MARK: cross-thread entry

    /// Runs `work` on the loop's thread, soon. Safe from any thread.
    func execute(_ work: @escaping Work) {
        let accepted = queue.withLock { state -> Bool in
            if state.stopped { return false }
            state.items.append(work)
            return true
        }
        // After the loop has stopped, run the work here: its connections are gone, so it only
        // finds nil references and resumes any waiting task with an error instead of never.
        guard accepted else { work(self); return }
        // The loop drains its queue before it sleeps, so work queued from its own thread needs
        // no wake-up; and one wake-up covers any number of queued items.
        if !inLoop && !wakeRequested.exchange(true, ordering: .acquiringAndReleasing) {
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    /// True on the loop's own thread.
    var inLoop: Bool {
        thread.load(ordering: .relaxed) == UInt(pthread_self())
    }

    // MARK: TaskExecutor

    /// Handlers run as tasks that prefer this executor: their code runs on the loop's thread
    /// between I/O events, so answering a request costs no thread hop. Their awaits (database
    /// work runs on Storage's own threads) leave the loop free meanwhile.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        execute { loop in job.runSynchronously(on: loop.asUnownedTaskExecutor()) }
    }

    func stop() {
        running.store(false, ordering: .releasing)
        execute { _ in }
    }

    // MARK: the loop

    func run() {
        thread.store(UInt(pthread_self()), ordering: .relaxed)
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while running.load(ordering: .acquiring) {
            let count = epoll_wait(epollFD, events, Int32(capacity), 250)
            let now = clock.wake()
            if count > 0 {
                for i in 0..<Int(count) {
                    let fd = events[i].data.fd
                    if fd == wakeFD {
                        drainWakeups()
                    } else if Int(fd) < selectables.count, let selectable = selectables[Int(fd)] {
                        selectable.handle(events: events[i].events)
                    }
                }
            }
            runQueued()
            for handler in iterationHandlers { handler() }
            if now - lastTick >= 1 {
                lastTick = now
                clock.synchroniseWallClock()
                for handler in tickHandlers { handler() }
            }
        }
        queue.withLock { $0.stopped = true }
        runQueued()
    }

    private func drainWakeups() {
        var value: UInt64 = 0
        _ = read(wakeFD, &value, 8)
    }

    /// Runs queued work until none is left: work may queue more (a task resuming, a response
    /// to deliver), and nothing else would wake the loop for it.
    private func runQueued() {
        wakeRequested.store(false, ordering: .releasing)
        while true {
            // An empty queue is left alone: emptying a buffer that `taken` still shares would
            // allocate a fresh one on every loop iteration.
            let work = queue.withLock { state -> [Work] in
                if state.items.isEmpty { return [] }
                let taken = state.items
                state.items.removeAll(keepingCapacity: true)
                return taken
            }
            if work.isEmpty { return }
            for item in work { item(self) }
        }
    }
}

/// One loop's time. A request needs the time several times (when its bytes arrived, its
/// duration for the log line and the histogram, the `Date` header, the log line's timestamp),
/// and a clock read costs a call each time. Events found by one `epoll_wait` are
/// stamped with the time the loop woke (`wokeAt`: timeouts, a request's start), and a response
/// reads the monotonic clock once (`now()`), from which the wall-clock time is derived with an
/// offset that is renewed every second, so a wall-clock step shows within a second.
struct LoopClock {
    /// Monotonic seconds when the loop last woke.
    private(set) var wokeAt: Double
    /// Wall-clock seconds minus monotonic seconds.
    private var wallOffset: Double

    init() {
        wokeAt = MonotonicClock.seconds()
        wallOffset = 0
        synchroniseWallClock()
    }

    /// The loop woke: stamps what it finds with this time.
    mutating func wake() -> Double {
        wokeAt = MonotonicClock.seconds()
        return wokeAt
    }

    /// Monotonic seconds now, for a response: its duration, and its wall-clock time by `wallTime(at:)`.
    func now() -> Double { MonotonicClock.seconds() }

    /// The wall-clock time at monotonic time `monotonic`, in whole seconds and milliseconds.
    func wallTime(at monotonic: Double) -> WallTime {
        let wall = monotonic + wallOffset
        let seconds = wall.rounded(.down)
        return WallTime(seconds: Int(seconds), milliseconds: min(999, Int((wall - seconds) * 1000)))
    }

    mutating func synchroniseWallClock() {
        let real = RealTime.now()
        wallOffset = Double(real.seconds) + Double(real.nanoseconds) / 1e9 - MonotonicClock.seconds()
    }
}

/// Unix time in whole seconds and milliseconds: what `Date` headers and log timestamps show.
struct WallTime: Equatable {
    var seconds: Int
    var milliseconds: Int

    static func now() -> WallTime {
        let real = RealTime.now()
        return WallTime(seconds: real.seconds, milliseconds: real.nanoseconds / 1_000_000)
    }
}

/// Seconds from a monotonic clock: timeouts must not jump when the wall clock is set.
enum MonotonicClock {
    static func seconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
