import CLibXML2

/// Receives libxml2's HTML SAX events for `HTMLTextConverter`. A class because the C callbacks
/// reach it through an opaque pointer; it serves one converter, on one thread, one fragment at a time.
final class HTMLTextCollector {
    private(set) var writer = PlainTextWriter()
    private(set) var firstImageSource: String?
    /// > 0 while inside an element whose content is not text (script, style, …).
    private var skipDepth = 0
    /// Element roles by interned name pointer: the converter's parser context, and so its name
    /// dictionary, lives for the whole document, so each tag name is classified once.
    private var roles: [UnsafeRawPointer: (role: HTMLElementRole, name: [UInt8])] = [:]

    func role(of name: UnsafePointer<xmlChar>) -> HTMLElementRole {
        let key = UnsafeRawPointer(name)
        if let cached = roles[key], CString.equals(name, cached.name) { return cached.role }
        let bytes = Array(CString.bytes(name))
        let role = HTMLElementRole.of(String(decoding: bytes, as: UTF8.self))
        roles[key] = (role, bytes)
        return role
    }

    /// Starts a new fragment.
    func reset(singleLine: Bool, capacity: Int) {
        writer = PlainTextWriter(singleLine: singleLine, capacity: capacity)
        firstImageSource = nil
        skipDepth = 0
    }

    func start(_ role: HTMLElementRole, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        if role == .ignoredSubtree { skipDepth += 1 }
        guard skipDepth == 0 else { return }
        switch role {
        case .paragraph: writer.breakLine(2)
        case .lineBreak: writer.breakLine(1)
        case .cell: writer.append([32])
        case .image where firstImageSource == nil: firstImageSource = HTMLTextCollector.attribute("src", in: attributes)
        default: break
        }
    }

    func end(_ role: HTMLElementRole) {
        if role == .ignoredSubtree {
            skipDepth = max(0, skipDepth - 1)
            return
        }
        guard skipDepth == 0 else { return }
        if role == .paragraph { writer.breakLine(2) } else if role == .lineBreak { writer.breakLine(1) }
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard skipDepth == 0 else { return }
        writer.append(text)
    }

    private static func attribute(_ wanted: String, in attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> String? {
        guard let attributes else { return nil }
        var index = 0
        while let name = attributes[index] {
            if String(cString: name).lowercased() == wanted, let value = attributes[index + 1] {
                let text = String(cString: value).trimmingASCII()
                return text.isEmpty ? nil : text
            }
            index += 2
        }
        return nil
    }

    static func saxHandler() -> htmlSAXHandler {
        var sax = htmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElement = { context, name, attributes in
            guard let context, let name else { return }
            let collector = htmlCollector(context)
            collector.start(collector.role(of: name), attributes: attributes)
        }
        sax.endElement = { context, name in
            guard let context, let name else { return }
            let collector = htmlCollector(context)
            collector.end(collector.role(of: name))
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let context, let text, length > 0 else { return }
            htmlCollector(context).characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.serror = { _, _ in }
        return sax
    }

}

/// The collector behind a SAX callback's user-data pointer (a free function: C callbacks
/// cannot capture anything, not even `Self`).
private func htmlCollector(_ context: UnsafeMutableRawPointer) -> HTMLTextCollector {
    Unmanaged<HTMLTextCollector>.fromOpaque(context).takeUnretainedValue()
}
