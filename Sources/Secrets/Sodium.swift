import CSodium

/// libsodium must be initialised once before use; `sodium_init` is itself idempotent and
/// thread-safe, so calling it from every entry point is the simplest correct arrangement.
enum Sodium {
    static func ready() {
        guard sodium_init() >= 0 else { fatalError("libsodium could not initialise (no entropy source?)") }
    }
}

extension String {
    /// Text from a C buffer that libsodium filled and NUL-terminated.
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
