import APIToolkit
import Foundation
import ServiceRuntime
import Storage

/// Jarvis API (contract: shared/spec/jarvis-ios-client-expectations.md). The shared core serves
/// `/livez` and `/metrics`; the news engine's routes arrive with their issues.
struct JarvisService: Service {
    let name = "jarvis"
    let version = "0.1.0"
    let defaults = ServiceOptions.Defaults(port: 8081, databaseFile: "./data/jarvis.sqlite")
    let envelope: any EnvelopeStyle = JarvisEnvelope()
    let migrations: [Migration] = []
    var secretEnvironmentNames: [String] { ["JARVIS_API_TOKEN"] }

    func configure(_ setup: inout ServiceSetup) throws {}
}

exit(await ServiceCommand.main(JarvisService()))
