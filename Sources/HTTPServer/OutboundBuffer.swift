import CSystem
import Glibc

/// Bytes waiting for the socket. Appends are cheap; `flush` writes as much as the kernel
/// takes and keeps the rest, compacting only once the sent prefix dominates (no O(n²) shifting).
struct OutboundBuffer {
    private var bytes: [UInt8] = []
    private var sent = 0

    var pendingCount: Int { bytes.count - sent }
    var isEmpty: Bool { pendingCount == 0 }

    mutating func append(_ data: [UInt8]) { bytes.append(contentsOf: data) }
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends what `write` stages through `scratch` (`ByteStager`): many small pieces, one array append.
    mutating func appendStaged(through scratch: UnsafeMutableRawBufferPointer, _ write: (inout ByteStager) -> Void) {
        var stager = ByteStager(appendingTo: &bytes, scratch: scratch)
        write(&stager)
        bytes = stager.finish()
    }

    enum FlushResult { case drained, blocked, failed }

    /// Writes what the kernel takes; returns how it ended and how many bytes went out.
    mutating func flush(to fd: Int32) -> (FlushResult, written: Int) {
        flush { csystem_send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Hands the unsent bytes to `write` until all are taken or it stops: it returns how many
    /// it took, or -1 with `errno` set (`EAGAIN`: the socket is full for now).
    mutating func flush(_ write: (UnsafeRawBufferPointer) -> Int) -> (FlushResult, written: Int) {
        let before = sent
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(UnsafeRawBufferPointer(rebasing: buffer[sent...]))
            }
            if written > 0 {
                sent += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                let written = sent - before
                compactIfWorthIt()
                return (.blocked, written)
            } else {
                return (.failed, sent - before)
            }
        }
        let written = sent - before
        bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
        sent = 0
        return (.drained, written)
    }

    private mutating func compactIfWorthIt() {
        if sent > 64 * 1024 && sent * 2 > bytes.count {
            bytes.removeFirst(sent)
            sent = 0
        }
    }
}
