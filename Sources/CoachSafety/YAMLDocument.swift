import CYAML

/// One YAML node as plain Swift values, with the line it starts on (1-based) so that a reader of
/// the tree can say where a file is wrong.
struct YAMLNode: Sendable {
    enum Content: Sendable {
        case scalar(String)
        case sequence([YAMLNode])
        case mapping([YAMLEntry])
    }

    let content: Content
    let line: Int
}

/// One key of a mapping: keys are plain strings, in file order.
struct YAMLEntry: Sendable {
    let key: String
    let line: Int
    let value: YAMLNode
}

/// What libyaml, or the reader on top of it, refused, and on which line (1-based).
struct YAMLSyntaxError: Error, Sendable {
    let line: Int
    let reason: String
}

/// Reads one YAML document into `YAMLNode`s with libyaml's event API. Block scalars (`|`, `>`),
/// flow and block collections and quoting are libyaml's; the reader refuses what the Coach's data
/// files never need and what would hide a mistake in them: aliases, non-scalar keys, a key twice
/// in one mapping, an empty stream and a second document.
enum YAMLDocument {
    static func parse(_ text: String) throws -> YAMLNode {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw YAMLSyntaxError(line: 1, reason: "the file is empty") }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLSyntaxError(line: 1, reason: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            return try EventReader(parser: parser).document()
        }
    }
}

/// One libyaml event, copied out of the C struct before the event is freed.
private struct Event {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd, scalar, alias
    }

    let kind: Kind
    let line: Int
    let text: String
}

/// Pulls events from a parser and builds the tree by recursive descent.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>

    func document() throws -> YAMLNode {
        try expect(.streamStart)
        let start = try next()
        guard start.kind == .documentStart else { throw YAMLSyntaxError(line: start.line, reason: "the file holds no document") }
        let root = try node(startingWith: next())
        try expect(.documentEnd)
        let end = try next()
        guard end.kind == .streamEnd else { throw YAMLSyntaxError(line: end.line, reason: "a second document follows the first") }
        return root
    }

    private func node(startingWith event: Event) throws -> YAMLNode {
        switch event.kind {
        case .scalar:
            return YAMLNode(content: .scalar(event.text), line: event.line)
        case .sequenceStart:
            var items: [YAMLNode] = []
            var item = try next()
            while item.kind != .sequenceEnd {
                items.append(try node(startingWith: item))
                item = try next()
            }
            return YAMLNode(content: .sequence(items), line: event.line)
        case .mappingStart:
            return YAMLNode(content: .mapping(try entries()), line: event.line)
        case .alias:
            throw YAMLSyntaxError(line: event.line, reason: "aliases (*name) are not accepted")
        default:
            throw YAMLSyntaxError(line: event.line, reason: "unexpected \(event.kind)")
        }
    }

    private func entries() throws -> [YAMLEntry] {
        var entries: [YAMLEntry] = []
        var seen: Set<String> = []
        var key = try next()
        while key.kind != .mappingEnd {
            guard key.kind == .scalar else { throw YAMLSyntaxError(line: key.line, reason: "a mapping key must be a plain string") }
            guard seen.insert(key.text).inserted else {
                throw YAMLSyntaxError(line: key.line, reason: "the key '\(key.text)' appears twice in one mapping")
            }
            entries.append(YAMLEntry(key: key.text, line: key.line, value: try node(startingWith: next())))
            key = try next()
        }
        return entries
    }

    private func expect(_ kind: Event.Kind) throws {
        let event = try next()
        guard event.kind == kind else { throw YAMLSyntaxError(line: event.line, reason: "expected \(kind), found \(event.kind)") }
    }

    private func next() throws -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw problem() }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        guard let kind = Self.kinds[event.type.rawValue] else {
            throw YAMLSyntaxError(line: line, reason: "libyaml returned an event type it does not document")
        }
        guard kind == .scalar else { return Event(kind: kind, line: line, text: "") }
        let scalar = event.data.scalar
        let bytes = UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length))
        return Event(kind: .scalar, line: line, text: String(decoding: bytes, as: UTF8.self))
    }

    private static let kinds: [yaml_event_type_t.RawValue: Event.Kind] = [
        YAML_STREAM_START_EVENT.rawValue: .streamStart, YAML_STREAM_END_EVENT.rawValue: .streamEnd,
        YAML_DOCUMENT_START_EVENT.rawValue: .documentStart, YAML_DOCUMENT_END_EVENT.rawValue: .documentEnd,
        YAML_SEQUENCE_START_EVENT.rawValue: .sequenceStart, YAML_SEQUENCE_END_EVENT.rawValue: .sequenceEnd,
        YAML_MAPPING_START_EVENT.rawValue: .mappingStart, YAML_MAPPING_END_EVENT.rawValue: .mappingEnd,
        YAML_SCALAR_EVENT.rawValue: .scalar, YAML_ALIAS_EVENT.rawValue: .alias,
    ]

    /// libyaml's own account of a parse error: its problem, the context it was in, and the line.
    private func problem() -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "the file is not valid YAML"
        let context = state.context.map { String(cString: $0) }
        let reason = context.map { "\(problem) (\($0))" } ?? problem
        return YAMLSyntaxError(line: Int(state.problem_mark.line) + 1, reason: reason)
    }
}
