/// Bounds on what one request may make the server hold in memory.
public struct ParserLimits: Sendable {
    /// Request line plus header fields; beyond it the answer is 431.
    public var maxHeaderBytes: Int
    /// The request target; beyond it the answer is 414.
    public var maxURIBytes: Int
    public var maxHeaderCount: Int
    /// Body bytes accepted when the route sets no limit of its own.
    public var defaultBodyBytes: Int

    public init(maxHeaderBytes: Int = 16 * 1024, maxURIBytes: Int = 8 * 1024,
                maxHeaderCount: Int = 100, defaultBodyBytes: Int = 1024 * 1024) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxURIBytes = maxURIBytes
        self.maxHeaderCount = maxHeaderCount
        self.defaultBodyBytes = defaultBodyBytes
    }
}
