import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU seconds (user + system) used by a process: another one's from `/proc/<pid>/stat`, this
/// one's from `getrusage`.
struct CPUClock {
    let pid: Int32?

    /// The process's CPU seconds so far, or nil without a pid or a readable `/proc`.
    func seconds() -> Double? {
        guard let pid, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces); utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func ownSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
