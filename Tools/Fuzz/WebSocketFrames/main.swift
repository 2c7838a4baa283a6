import WebSocketCodec

/// libFuzzer's entry point: every input is first split into reads, then decoded as client frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FrameFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if !FUZZING
import FuzzSupport

@main
struct Replay {
    static func main() { CorpusReplay.main(name: "FuzzWebSocketFrames", FrameFuzzing.run) }
}
#endif
