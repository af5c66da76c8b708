import Foundation

/// The CPU time the calling thread used: unlike the time on a clock, other processes do not add to it.
enum ThreadCPUTime {
    static func nanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}
