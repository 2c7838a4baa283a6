import CSystem
import Foundation
import Glibc
import Synchronization

/// Something the event loop wakes when its descriptor is ready.
protocol EventLoopSelectable: AnyObject {
    func handle(events: UInt32)
}

/// One thread, one epoll instance. Connections live on exactly one loop and are only touched
/// from its thread; other threads hand work over with `execute`, which wakes the loop through
/// an eventfd. That confinement is why the mutable state below needs no locks.
final class EventLoop: @unchecked Sendable {
    typealias Work = @Sendable (EventLoop) -> Void

    let index: Int
    private let epollFD: Int32
    private let wakeFD: Int32
    private let queue = Mutex<[Work]>([])
    private let wakeRequested = Atomic<Bool>(false)
    private let running = Atomic<Bool>(true)

    // Confined to the loop's thread.
    /// Every connection of this loop reads into this buffer, then copies out only what arrived.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private var selectables: [EventLoopSelectable?] = []
    private var tickHandlers: [() -> Void] = []
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
        queue.withLock { $0.append(work) }
        // One wake-up covers any number of queued items: skip the syscall when one is pending.
        if !wakeRequested.exchange(true, ordering: .acquiringAndReleasing) {
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    func stop() {
        running.store(false, ordering: .releasing)
        execute { _ in }
    }

    // MARK: the loop

    func run() {
        let capacity = 256
        let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
        defer { events.deallocate() }
        while running.load(ordering: .acquiring) {
            let count = epoll_wait(epollFD, events, Int32(capacity), 250)
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
            let now = MonotonicClock.seconds()
            if now - lastTick >= 1 {
                lastTick = now
                for handler in tickHandlers { handler() }
            }
        }
        runQueued()
    }

    private func drainWakeups() {
        var value: UInt64 = 0
        _ = read(wakeFD, &value, 8)
    }

    private func runQueued() {
        wakeRequested.store(false, ordering: .releasing)
        let work = queue.withLock { items -> [Work] in
            let taken = items
            items.removeAll(keepingCapacity: true)
            return taken
        }
        for item in work { item(self) }
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
