import APIToolkit
import HealthLogAPI

/// libFuzzer's entry point. An input is `operationId[ pathValue]\n` then a request body: it is
/// sent to that HealthLog endpoint (`{id}` segments get pathValue, by default the id of the
/// account's medication) (a first line naming none picks one by its hash, so mutated
/// names still land somewhere), and the answer must be a 2xx or a 4xx in the API's envelope.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    RequestFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum RequestFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let server = FuzzServer.shared
        let newline = input.firstIndex(of: 10) ?? input.count
        let firstLine = String(decoding: input[..<newline], as: UTF8.self)
        let body = Array(input[min(newline + 1, input.count)...])
        let words = firstLine.split(separator: " ", maxSplits: 1)
        let name = words.first.map(String.init) ?? ""
        let endpoint = server.endpoints.first { $0.operationId == name }
            ?? server.endpoints[Int(firstLine.utf8.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % UInt32(server.endpoints.count))]
        let pathValue = words.count > 1 ? String(words[1]) : server.medicationID

        guard let answer = server.send(endpoint, pathValue: pathValue, body: body) else {
            fatalError("\(endpoint.operationId): the server closed the connection without answering "
                       + "(the request before: \(previous))")
        }
        previous = "\(endpoint.operationId) answered \(answer.status) \(answer.headers) \(String(decoding: answer.body.prefix(300), as: UTF8.self)), its body: \(String(decoding: body.prefix(300), as: UTF8.self))"
        check(answer, from: endpoint)
    }

    /// The request before this one and its answer's head: a connection closed without a word is
    /// often the previous exchange's fault (an answer that should have said `Connection: close`).
    nonisolated(unsafe) private static var previous = "none"

    /// 2xx with JSON (or nothing, or the coach's event stream), or 4xx with the error envelope:
    /// `data`, a message in `error`, and `meta.errorCode`. Anything else, a 500 above all, stops
    /// the fuzzer with the input saved.
    static func check(_ answer: LoopbackHTTP.Answer, from endpoint: Endpoint) {
        let context = "\(endpoint.operationId) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))"
        switch answer.status {
        case 200..<300:
            guard !answer.contentType.hasPrefix("text/event-stream") else { return }
            if !answer.body.isEmpty && (try? JSONParser.parse(answer.body)) == nil { fatalError("\(context) (not JSON)") }
        case 400..<500:
            guard case .object(let envelope)? = try? JSONParser.parse(answer.body),
                  envelope["data"] != nil, case .string? = envelope["error"],
                  case .object(let meta)? = envelope["meta"], case .string? = meta["errorCode"] else {
                fatalError("\(context) (not the error envelope)")
            }
        default:
            fatalError(context)
        }
    }
}

#if !FUZZING
import FuzzSupport

@main
struct Replay {
    static func main() { CorpusReplay.main(name: "FuzzHealthLogRequests", RequestFuzzing.run) }
}
#endif
