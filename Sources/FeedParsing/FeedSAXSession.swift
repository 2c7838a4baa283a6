import CLibXML2
import Foundation

/// One run of libxml2's SAX2 parser over a document, feeding a `FeedDocumentBuilder`.
///
/// Hardening, on top of libxml2's defaults without `XML_PARSE_HUGE` (depth and entity
/// amplification limits): no network (`NONET`), entities never substituted into the tree
/// (no `NOENT`), no DTD loading, and no `resolveEntity`/`externalSubset` callbacks at all, so an
/// external entity (`SYSTEM "file:///etc/passwd"`) has no way to be read. The builder adds its
/// own depth and expanded-text limits and stops the parser when one is crossed.
final class FeedSAXSession {
    let builder: FeedDocumentBuilder
    /// libxml2's first fatal error message, for `FeedParseError.malformed`.
    private(set) var firstFatalError: String?
    private(set) var sawEncodingError = false
    private(set) var sawEntityLoop = false
    let literalEntities = LiteralEntities()

    init(builder: FeedDocumentBuilder) {
        self.builder = builder
    }

    /// Parses `bytes` decoded as `decoderName` (a libxml2/iconv encoding name), or as the
    /// document declares when it is nil.
    func run(_ bytes: UnsafeRawBufferPointer, decoderName: String?) {
        var sax = FeedSAXSession.saxHandler()
        guard bytes.count > 0, let base = bytes.baseAddress,
              let context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil) else { return }
        defer {
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        var options = XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue
        // Our choice of encoding is final: the declaration must not switch decoders midway.
        if let decoderName, let handler = xmlFindCharEncodingHandler(decoderName) {
            options |= XML_PARSE_IGNORE_ENC.rawValue
            xmlSwitchToEncoding(context, handler)
        }
        xmlCtxtUseOptions(context, Int32(options))
        // Errors libxml2 raises without a parser context (encoding conversion, I/O) go to a
        // per-thread handler, by default printing to stderr; route them here while parsing.
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), contextlessError)
        defer { xmlSetStructuredErrorFunc(nil, contextlessError) }
        withExtendedLifetime(self) {
            _ = xmlParseChunk(context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 1)
        }
    }

    func record(_ error: xmlError) {
        if error.domain == Int32(XML_FROM_I18N.rawValue) || error.code == Int32(XML_ERR_INVALID_ENCODING.rawValue)
            || error.code == Int32(XML_ERR_UNSUPPORTED_ENCODING.rawValue) {
            sawEncodingError = true
        }
        if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) { sawEntityLoop = true }
        if error.level == XML_ERR_FATAL, firstFatalError == nil, let message = error.message {
            firstFatalError = String(cString: message).trimmingASCII()
        }
    }
}

/// The per-thread handler for libxml2 errors raised outside a parser context: recorded on the
/// session when one is running (its context pointer), silently dropped otherwise.
private func contextlessError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<FeedSAXSession>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
}
