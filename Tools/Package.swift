// swift-tools-version:6.0
// The executables around the product: evaluation, training, benchmarks and libFuzzer entry points.
// They import the product's modules through the library products of the root package
// (`modulesTheToolsImport` in ../Package.swift), so the root manifest lists only the servers, their
// modules and their tests. Build from the repository root with `--package-path Tools`, so the tools'
// relative paths (../shared/data, Sources/…/Resources) resolve as the scripts expect; README.md has
// the commands, and this package's own build directory is Tools/.build.
import PackageDescription

/// A module of the root package, imported by a tool.
func product(_ name: String) -> Target.Dependency { .product(name: name, package: "Backends") }

/// A libFuzzer entry point (`LLVMFuzzerTestOneInput`; libFuzzer provides `main` under `-DFUZZING`, a corpus
/// replayer otherwise, hence `-parse-as-library`), its seeds in `corpus/`.
func fuzzTarget(_ name: String, _ modules: [String]) -> Target {
    .executableTarget(name: "Fuzz\(name)", dependencies: modules.map(product) + ["FuzzSupport"], path: "Fuzz/\(name)",
                      exclude: ["corpus"], swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "Tools",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Backends", path: "..")],
    targets: [
        // libFuzzer entry points; built by `make fuzz` (scripts/fuzz.sh: swift build --sanitize=fuzzer -Xswiftc -DFUZZING).
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        fuzzTarget("HTTPParser", ["HTTPParsing"]),
        fuzzTarget("WebSocketFrames", ["WebSocketCodec"]),
        fuzzTarget("FeedParser", ["FeedParsing"]),
        fuzzTarget("StoryComposition", ["NewsText", "StoryComposition", "TopicClassification"]),
        fuzzTarget("HealthLogRequests", ["HealthLogAPI", "ServiceRuntime", "HTTPServer", "APIToolkit"]),

        // `bench/feeds/run.sh`: our feed parser against Python's feedparser on the same corpus.
        .executableTarget(name: "FeedBench", dependencies: [product("FeedParsing")], path: "FeedBench"),
        // `bench/healthlog-ingest/run.sh`: batch ingest over HTTP against raw inserts of the same rows.
        .executableTarget(name: "IngestBench", dependencies: [product("Storage")], path: "IngestBench"),
        // `make scale-bench` (scripts/story-engine-bench.sh): the story engine alone at 10k and 100k articles.
        .executableTarget(name: "StoryEngineBench",
                          dependencies: [product("StoryEngine"), product("NewsText"), product("StoryClustering"), "EvalData",
                                         product("SeededRandom")],
                          path: "StoryEngineBench"),

        // `make eval` (scripts/eval.sh): the story engine's quality on the labeled data in ../shared/data,
        // and the builders and trainer that write the shipped resources of the engine's modules.
        .target(name: "EvalData", dependencies: [product("NewsText")], path: "EvalData", resources: [.copy("subject-relabels.tsv")]),
        .executableTarget(name: "ClusteringEval", dependencies: [product("StoryClustering"), "EvalData", product("NewsText")],
                          path: "ClusteringEval"),
        .executableTarget(name: "SummaryEval", dependencies: [product("StoryComposition"), "EvalData", product("NewsText")],
                          path: "SummaryEval"),
        .executableTarget(name: "TopicEval", dependencies: [product("TopicClassification"), product("NewsText"), "EvalData"], path: "TopicEval",
                          resources: [.copy("africa-labels.tsv"), .copy("desk-development.tsv"), .copy("desk-threshold-check.tsv")]),
        .executableTarget(name: "TopicTrainer", dependencies: [product("TopicClassification"), product("SentenceEncoding"), "EvalData",
                                                               product("SeededRandom")],
                          path: "TopicTrainer", resources: [.copy("desk-supplement.tsv")]),
        .executableTarget(name: "EncoderImport", dependencies: [product("SentenceEncoding")], path: "EncoderImport"),
        .executableTarget(name: "TermClusterBuilder", dependencies: [product("TopicClassification"), "EvalData", product("SeededRandom")],
                          path: "TermClusterBuilder"),
        .executableTarget(name: "TermStatisticsBuilder", dependencies: [product("StoryClustering"), "EvalData"],
                          path: "TermStatisticsBuilder"),

        // The tools' own code: strict command lines, the desk supplement's loader. `scripts/test.sh` runs it
        // (`swift build --package-path Tools --product ToolsPackageTests` builds EvalData and these alone).
        .testTarget(name: "EvalDataTests", dependencies: ["EvalData"]),
    ]
)
