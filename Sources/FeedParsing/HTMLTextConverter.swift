import CLibXML2

/// Plain text from HTML fragments, through libxml2's HTML parser (the tolerant parser tag soup
/// needs): scripts and other non-text elements dropped, entities decoded, block elements turned
/// into line breaks, whitespace normalised. The parser is driven through SAX so no DOM is built
/// for what is thrown away a moment later, and one parser context serves every fragment of a
/// document (creating one costs more than parsing a typical summary). One instance belongs to
/// one document parse on one thread.
final class HTMLTextConverter {
    struct Result {
        var text: String
        /// The `src` of the first `<img>`, verbatim (callers resolve it).
        var firstImageSource: String?
    }

    private let collector = HTMLTextCollector()
    private var context: htmlParserCtxtPtr?

    deinit {
        if let context { htmlFreeParserCtxt(context) }
    }

    /// Converts `html` (UTF-8). Text with neither a tag nor a reference skips the parser.
    func convert(_ html: [UInt8], singleLine: Bool = false) -> Result {
        guard TextRepair.looksLikeMarkup(html) else {
            var writer = PlainTextWriter(singleLine: singleLine, capacity: html.count)
            writer.append(html)
            return Result(text: writer.string, firstImageSource: nil)
        }
        var (text, firstImage) = parse(html, singleLine: singleLine)
        // Double-escaped markup (`&lt;p&gt;` inside CDATA) decodes to tags; peel at most twice more,
        // then strip whatever tag-shaped text is left so none reaches an app that shows plain text.
        var passes = 1
        var hasTag = TextRepair.containsTag(text)
        while hasTag, passes < 3 {
            let again = parse(text, singleLine: singleLine)
            text = again.text
            firstImage = firstImage ?? again.firstImage
            passes += 1
            hasTag = TextRepair.containsTag(text)
        }
        let string = TextRepair.string(fromUTF8: text)
        return Result(text: hasTag ? TagStripper.strip(string) : string, firstImageSource: firstImage)
    }

    private static let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                                       | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    private func parse(_ html: [UInt8], singleLine: Bool) -> (text: [UInt8], firstImage: String?) {
        guard let context = reusableContext() else { return ([], nil) }
        collector.reset(singleLine: singleLine, capacity: html.count)
        html.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // Resets the context, then parses in pull mode with our SAX handler; no tree is built.
                _ = htmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, "UTF-8", Self.options)
            }
        }
        return (collector.writer.bytes, collector.firstImageSource)
    }

    private func reusableContext() -> htmlParserCtxtPtr? {
        if let context { return context }
        var sax = HTMLTextCollector.saxHandler()
        context = htmlCreatePushParserCtxt(&sax, Unmanaged.passUnretained(collector).toOpaque(), nil, 0, nil,
                                           XML_CHAR_ENCODING_UTF8)
        return context
    }
}
