/// What an `Encoder` produced. Finished values are stored as `JSONValue` right away; only
/// containers stay open (reference types), because Codable hands out nested containers that are
/// filled after they have been attached to their parent.
enum EncodedNode {
    case value(JSONValue)
    case object(ObjectNode)
    case array(ArrayNode)
    /// A `superEncoder()` whose content is known only once encoding has finished.
    case deferred(ValueEncoder)

    func materialize() -> JSONValue {
        switch self {
        case .value(let value): value
        case .object(let node): .object(node.materialize())
        case .array(let node): .array(node.materialize())
        case .deferred(let encoder): encoder.node?.materialize() ?? .object(JSONObject())
        }
    }
}

/// An object being encoded: members in call order, with slots reserved for open containers.
final class ObjectNode {
    private var members: [JSONObject.Member] = []
    private var open: [(index: Int, node: EncodedNode)] = []

    func append(_ key: String, _ value: JSONValue) {
        members.append(JSONObject.Member(key: key, value: value))
    }

    func append(_ key: String, open node: EncodedNode) {
        open.append((members.count, node))
        members.append(JSONObject.Member(key: key, value: .null))
    }

    func materialize() -> JSONObject {
        var finished = members
        for (index, node) in open {
            finished[index].value = node.materialize()
        }
        return JSONObject.adopting(finished)
    }
}

/// An array being encoded, with slots reserved for open containers.
final class ArrayNode {
    private var elements: [JSONValue] = []
    private var open: [(index: Int, node: EncodedNode)] = []

    var count: Int { elements.count }

    func append(_ value: JSONValue) {
        elements.append(value)
    }

    func append(open node: EncodedNode) {
        open.append((elements.count, node))
        elements.append(.null)
    }

    func materialize() -> [JSONValue] {
        var finished = elements
        for (index, node) in open {
            finished[index] = node.materialize()
        }
        return finished
    }
}
