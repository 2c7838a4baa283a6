import CLibXML2

/// The SAX2 handler for feeds. Callbacks receive libxml2's parser context (also the one of an
/// entity being expanded, which inherits `_private`), from which the session is recovered.
extension FeedSAXSession {
    static func saxHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        // The document node exists only to hold internal-subset entity declarations.
        sax.startDocument = xmlSAX2StartDocument
        sax.internalSubset = { context, name, externalID, systemID in
            if let context, let externalID {
                feedSession(context)?.builder.doctypePublicID = String(cString: externalID)
            }
            xmlSAX2InternalSubset(context, name, externalID, systemID)
        }
        sax.entityDecl = xmlSAX2EntityDecl
        sax.getEntity = { context, name in
            guard let context, let name else { return nil }
            return xmlSAX2GetEntity(context, name) ?? HTMLEntityFallback.entity(named: name)
                ?? feedSession(context)?.literalEntities.entity(named: name)
        }
        sax.startElementNs = { context, localName, _, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let context, let localName else { return }
            withBuilder(context) { builder in
                let declared = builder.format == nil ? namespaceURIs(namespaces, count: Int(namespaceCount)) : []
                builder.start(local: localName, uri: uri, namespaces: declared,
                              attributes: XMLAttributes(pointer: attributes, count: Int(attributeCount)))
                if builder.failure != nil { xmlStopParser(parserContext(context)) }
            }
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            withBuilder(context) { $0.end() }
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let context, let text, length > 0 else { return }
            withBuilder(context) { builder in
                if !builder.characters(UnsafeBufferPointer(start: text, count: Int(length))) {
                    xmlStopParser(parserContext(context))
                }
            }
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.serror = { context, error in
            guard let context, let error, let session = feedSession(context) else { return }
            session.record(error.pointee)
        }
        return sax
    }
}

private func parserContext(_ context: UnsafeMutableRawPointer) -> xmlParserCtxtPtr {
    context.assumingMemoryBound(to: xmlParserCtxt.self)
}

/// The session behind a parser context (nil for a context this code did not create).
private func feedSession(_ context: UnsafeMutableRawPointer) -> FeedSAXSession? {
    guard let session = parserContext(context).pointee._private else { return nil }
    return Unmanaged<FeedSAXSession>.fromOpaque(session).takeUnretainedValue()
}

/// Runs `body` with the builder of the session behind a parser context, without the retain and
/// release a plain `takeUnretainedValue()` costs on each of the many element and text callbacks
/// (the session outlives the parse, see `FeedSAXSession.run`).
private func withBuilder(_ context: UnsafeMutableRawPointer, _ body: (FeedDocumentBuilder) -> Void) {
    guard let session = parserContext(context).pointee._private else { return }
    Unmanaged<FeedSAXSession>.fromOpaque(session)._withUnsafeGuaranteedRef { body($0.builder) }
}

/// The URIs of the namespace declarations on an element (prefix/URI pairs).
private func namespaceURIs(_ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) -> [String] {
    guard let namespaces else { return [] }
    return (0..<count).compactMap { index in namespaces[index * 2 + 1].map { String(cString: $0) } }
}
