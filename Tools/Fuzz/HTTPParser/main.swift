import HTTPParsing

/// libFuzzer's entry point: the input is fed to the request parser in reads whose sizes come
/// from the first byte, the way a connection would, and the parser's promises are checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ParserFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum ParserFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard let first = input.first else { return }
        let readSize = Int(first % 64) + 1
        let limits = ParserLimits(maxHeaderBytes: 2048, maxURIBytes: 512, maxHeaderCount: 20, defaultBodyBytes: 4096)
        let parser = HTTPRequestParser(limits: limits)
        var pending: [UInt8] = []
        var offset = 1
        var messages = 0
        while offset < input.count {
            let end = min(input.count, offset + readSize)
            pending += input[offset..<end]
            offset = end
            do {
                while true {
                    let step = try pending.withUnsafeBytes { try parser.parse($0) }
                    precondition(step.consumed <= pending.count, "parser consumed more than it was given")
                    pending.removeFirst(step.consumed)
                    guard let event = step.event else { break }
                    if case .complete(let head) = event {
                        precondition(head.target.utf8.count <= limits.maxURIBytes, "URI limit not enforced")
                        precondition(head.contentLength ?? 0 == 0 && !head.isChunked, "a request with a body came out whole")
                        messages += 1
                    }
                    if case .head(let head) = event {
                        precondition(head.target.utf8.count <= limits.maxURIBytes, "URI limit not enforced")
                        precondition(!(head.contentLength != nil && head.isChunked), "ambiguous framing accepted")
                    }
                    if case .message(let body) = event {
                        precondition(body.count <= limits.defaultBodyBytes, "body limit not enforced")
                        messages += 1
                    }
                }
            } catch let error as HTTPParseError {
                precondition((400...505).contains(error.status), "error without a 4xx/5xx status")
                return
            } catch {
                preconditionFailure("parser threw \(error)")
            }
        }
        precondition(messages <= input.count, "more messages than bytes")
    }
}

#if !FUZZING
import FuzzSupport

@main
struct Replay {
    static func main() { CorpusReplay.main(name: "FuzzHTTPParser", ParserFuzzing.run) }
}
#endif
