import Foundation

/// What every pass over one document shares.
struct DocumentContext {
    var baseURL: URL?
    var fetchedAt: Date
    var limits: FeedParser.Limits
}

/// One attempt at reading a document with one character encoding.
struct DocumentPass {
    let session: FeedSAXSession
    let label: String

    static func run(_ bytes: UnsafeRawBufferPointer, label: String, context: DocumentContext) -> DocumentPass {
        let builder = FeedDocumentBuilder(documentBase: context.baseURL, fetchedAt: context.fetchedAt,
                                          limits: context.limits, inputSize: bytes.count)
        let session = FeedSAXSession(builder: builder)
        var repaired = label == "utf-8" ? UTF8Repair.repairedIfInvalid(bytes) : nil
        if CharsetLabels.isASCIICompatible(label) {
            let fixed = repaired.map { $0.withUnsafeBytes(AmpersandRepair.repairedIfNeeded) }
                ?? AmpersandRepair.repairedIfNeeded(bytes)
            repaired = fixed ?? repaired
        }
        let decoder = CharsetLabels.decoderName(for: label)
        if let repaired {
            repaired.withUnsafeBytes { session.run($0, decoderName: decoder) }
        } else {
            session.run(bytes, decoderName: decoder)
        }
        return DocumentPass(session: session, label: label)
    }

    /// The feed read, or why there is none. A document that broke after its root element was
    /// recognised still yields what was read before the break.
    func feed() throws(FeedParseError) -> ParsedFeed {
        let builder = session.builder
        if let failure = builder.failure { throw failure }
        if session.sawEntityLoop { throw .entityExpansion }
        guard let format = builder.format else {
            throw session.firstFatalError.map(FeedParseError.malformed) ?? .empty
        }
        return FeedFinalizer.finalize(builder, format: format, encoding: label)
    }
}
