// swift-tools-version:6.0
// One package, one module per concern: see docs/architecture.md for the picture. The evaluation,
// training, benchmark and fuzz executables are a package of their own, `Tools/Package.swift`.
import PackageDescription

/// The per-request hot path (parsing, connections) skips run-time exclusivity checks in release
/// builds: they cost a few percent of throughput, and debug builds and tests keep them on.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// The modules `Tools/Package.swift` imports, each exported as a library of the same name: exactly the
/// modules some tool names in an `import` (the fuzz targets, the benchmarks, the evaluation and training
/// tools). The servers need none of these products; a module not listed here stays internal to this package.
let modulesTheToolsImport = [
    "SeededRandom", "HTTPParsing", "WebSocketCodec", "HTTPServer", "APIToolkit", "Storage", "ServiceRuntime", "HealthLogAPI",
    "FeedParsing", "NewsText", "StoryClustering", "StoryComposition", "SentenceEncoding", "TopicClassification", "StoryEngine",
]

let package = Package(
    name: "Backends",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "healthlog", targets: ["healthlog"]),
        .executable(name: "jarvis", targets: ["jarvis"]),
    ] + modulesTheToolsImport.map { .library(name: $0, targets: [$0]) },
    targets: [
        // C libraries from Debian, linked through one-line shims.
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        .systemLibrary(name: "CHTTPParser", path: "Sources/CHTTPParser"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres"),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        .systemLibrary(name: "COpenBLAS", path: "Sources/COpenBLAS"),
        .systemLibrary(name: "CDNNL", path: "Sources/CDNNL"),
        .systemLibrary(name: "CYAML", path: "Sources/CYAML"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CStemmer", path: "Sources/CStemmer"),

        // SplitMix64, the one seeded generator: the servers' request ids, the tools' and the tests' fixed draws.
        .target(name: "SeededRandom"),
        // Pure protocol codecs: no sockets, so they can be fuzzed and unit-tested alone.
        .target(name: "HTTPParsing", dependencies: ["CHTTPParser"], swiftSettings: hotPath),
        .target(name: "WebSocketCodec"),
        // The HTTP/1.1 server: event loops, connections, router, SSE, WebSocket, metrics, logs.
        .target(name: "HTTPServer", dependencies: ["CSystem", "HTTPParsing", "WebSocketCodec", "SeededRandom"], swiftSettings: hotPath),
        // JSON the iOS decoders accept, strict request schemas, OpenAPI generation, envelopes.
        .target(name: "APIToolkit"),
        // SQLite and PostgreSQL behind one interface, migrations, typed rows.
        .target(name: "Storage", dependencies: ["CSQLite", "CPostgres"]),
        // Constant-time comparison, random tokens, password and token hashing (libsodium).
        .target(name: "Secrets", dependencies: ["CSodium"]),
        // Jarvis's feed reader: fetching over HTTP (conditional GET, limits, redirects, per-host caps)
        // and parsing RSS/Atom into plain-text entries (libxml2, hardened against hostile XML).
        // libcurl drives each request, so the fetcher chooses the address every connection goes to.
        .target(name: "FeedFetching", dependencies: ["CCurl"]),
        // What marks an entry as breaking news is a word class of NewsText's resource.
        .target(name: "FeedParsing", dependencies: ["CLibXML2", "NewsText"], swiftSettings: hotPath),
        // Jarvis's story engine, one concern per module: words and sentences of news text,
        // clustering articles into stories, composing a story (headline, summary, score), topics.
        // NewsText holds the one word-class resource and Snowball's English stemmer (libstemmer).
        .target(name: "NewsText", dependencies: ["CStemmer"], resources: [.copy("Resources/word-classes.json")]),
        .target(name: "StoryClustering", dependencies: ["NewsText"], resources: [.copy("Resources/term-statistics.tsv")]),
        // Each article read once into what composition and the desk compare: sentences, tokens with their
        // stems, entities, numbers with their units, typed facts (docs/jarvis/annotations.md).
        .target(name: "ArticleAnnotations", dependencies: ["NewsText"]),
        .target(name: "StoryComposition", dependencies: ["NewsText", "ArticleAnnotations"],
                resources: [.copy("Resources/source-authority.json")]),
        // The encoder's element-wise loops, one clone per instruction set (AVX-512, AVX2, baseline); optimised in
        // debug builds too, as the encoder is.
        .target(name: "CEncoderKernels", cSettings: [.unsafeFlags(["-O2"])]),
        // A pretrained sentence encoder (MiniLM; its layers' products in bfloat16 with oneDNN, attention's with
        // OpenBLAS) the topic model reads.
        // Optimised in debug builds too: unoptimised, its loops took about half the CPU of the Jarvis tests.
        .target(name: "SentenceEncoding", dependencies: ["COpenBLAS", "CDNNL", "CEncoderKernels"],
                resources: [.copy("Resources/minilm-l6-v2.senc"), .copy("Resources/vocab.txt"), .copy("Resources/NOTICE")],
                swiftSettings: [.unsafeFlags(["-O"])]),
        .target(name: "TopicClassification", dependencies: ["NewsText", "ArticleAnnotations", "SentenceEncoding"],
                resources: [.copy("Resources/topic-model.tsv"), .copy("Resources/encoder-scorer.tsv"),
                            .copy("Resources/term-clusters.tsv")]),
        // The per-article pipeline the Jarvis story worker drives: cluster, then compose and score.
        .target(name: "StoryEngine", dependencies: ["NewsText", "ArticleAnnotations", "StoryClustering", "StoryComposition",
                                                    "TopicClassification"]),
        // What both executables share: configuration, start-up, signals, /metrics, logs.
        .target(name: "ServiceRuntime", dependencies: ["HTTPServer", "APIToolkit", "Storage", "Secrets"]),

        // The Coach's safety rules as data and pure functions (no I/O): the six-locale safety
        // matrix (libyaml), the inbound gate, the outbound guard, the evidence-block parser.
        .target(name: "CoachSafety", dependencies: ["CYAML"], resources: [.copy("Resources")]),
        // The built-in Coach: reads a question with per-locale vocabulary files and answers from the
        // user's snapshot with per-locale templates (pure, no I/O, no model).
        .target(name: "CoachResponder", dependencies: ["CoachSafety"], resources: [.copy("Resources")]),
        // The one client of the Coach's language model (OpenAI-compatible chat completions, streamed).
        .target(name: "CoachModelClient"),

        // The two backends, each a library (tested in-process) and a thin executable.
        .target(name: "HealthLogAPI", dependencies: ["ServiceRuntime", "CoachSafety", "CoachResponder", "CoachModelClient"]),
        .executableTarget(name: "healthlog", dependencies: ["HealthLogAPI"]),
        // `Demo/Newsroom`: the fictional 24-outlet newsroom `jarvis demo` serves on loopback (and the tests read).
        .target(name: "JarvisAPI", dependencies: ["ServiceRuntime", "FeedFetching", "FeedParsing", "StoryEngine", "StoryComposition", "NewsText"],
                resources: [.copy("Demo/Newsroom")]),
        .executableTarget(name: "jarvis", dependencies: ["JarvisAPI"]),

        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "HTTPParsingTests", dependencies: ["HTTPParsing"]),
        .testTarget(name: "WebSocketCodecTests", dependencies: ["WebSocketCodec"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestHTTPClients"]),
        // Helpers shared by test targets: curl and child processes (posix_spawn; see Subprocess.swift).
        .target(name: "TestHTTPClients", path: "Tests/TestHTTPClients"),
        // A fresh PostgreSQL schema per test (skipped without a server unless REQUIRE_POSTGRES=1).
        .target(name: "TestDatabaseSupport", dependencies: ["Storage"], path: "Tests/TestDatabaseSupport"),
        // One event's reports as the story engine receives them, for the engine's tests and Jarvis's.
        .target(name: "StoryEngineFixtures", dependencies: ["StoryEngine"], path: "Tests/StoryEngineFixtures"),
        .testTarget(name: "ServiceRuntimeTests", dependencies: ["ServiceRuntime", "TestHTTPClients"]),
        .testTarget(name: "APIToolkitTests", dependencies: ["APIToolkit", "TestHTTPClients"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "TestDatabaseSupport"]),
        .testTarget(name: "NewsTextTests", dependencies: ["NewsText"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets"]),
        // The tree checked against what the docs promise: the contract maps (docs/*/contracts.md) name
        // real files and tests, and only TopicEval's evaluation path reads the cross-domain set.
        .testTarget(name: "DocumentationTests"),
        .testTarget(name: "FeedFetchingTests", dependencies: ["FeedFetching", "HTTPServer", "TestHTTPClients"]),
        .testTarget(name: "HealthLogAPITests", dependencies: ["HealthLogAPI", "TestDatabaseSupport", "TestHTTPClients", "ScriptedModel",
                                                              "FakeWithings"],
                    exclude: ["Coach/RuleProbes"]),
        .testTarget(name: "CoachSafetyTests", dependencies: ["CoachSafety", "SeededRandom"], exclude: ["Probes", "FreshProbes", "ConversationProbes", "GateModelGolden.tsv"]),
        .testTarget(name: "CoachResponderTests", dependencies: ["CoachResponder"]),
        // A language-model server on loopback speaking the chat-completions stream, as scripted by a test.
        .target(name: "ScriptedModel", dependencies: ["HTTPServer"], path: "Tests/ScriptedModel"),
        // Withings' Data API on loopback (OAuth, Notify, getmeas) for the Withings link and fetch tests.
        .target(name: "FakeWithings", dependencies: ["HTTPServer"], path: "Tests/FakeWithings"),
        .testTarget(name: "CoachModelClientTests", dependencies: ["CoachModelClient", "ScriptedModel"]),
        .testTarget(name: "FeedParsingTests", dependencies: ["FeedParsing"]),
        .testTarget(name: "JarvisAPITests", dependencies: ["JarvisAPI", "TestHTTPClients", "TestDatabaseSupport", "StoryEngineFixtures"]),
        .testTarget(name: "StoryClusteringTests", dependencies: ["StoryClustering"]),
        .testTarget(name: "StoryCompositionTests", dependencies: ["StoryComposition", "ArticleAnnotations", "NewsText"]),
        .testTarget(name: "SentenceEncodingTests", dependencies: ["SentenceEncoding", "CEncoderKernels"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TopicClassificationTests", dependencies: ["TopicClassification", "NewsText"]),
        .testTarget(name: "StoryEngineTests", dependencies: ["StoryEngine", "StoryEngineFixtures", "StoryComposition"]),
    ]
)
