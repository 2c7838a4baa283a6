import APIToolkit
import Foundation
import ServiceRuntime
import Storage

/// HealthLog API (contract: shared/spec/healthlog-locked-contracts.md). The shared core serves
/// `/livez` and `/metrics`; the domain routes arrive with their issues.
struct HealthLogService: Service {
    let name = "healthlog"
    let version = "0.1.0"
    let defaults = ServiceOptions.Defaults(port: 8080, databaseFile: "./data/healthlog.sqlite")
    let envelope: any EnvelopeStyle = HealthLogEnvelope()
    let migrations: [Migration] = []
    var secretEnvironmentNames: [String] { ["WITHINGS_WEBHOOK_SECRET"] }

    func configure(_ setup: inout ServiceSetup) throws {}
}

exit(await ServiceCommand.main(HealthLogService()))
