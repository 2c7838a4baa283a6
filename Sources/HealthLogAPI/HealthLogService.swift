import APIToolkit
import HTTPServer
import ServiceRuntime
import Storage

/// HealthLog API (contract: shared/spec/healthlog-locked-contracts.md): accounts, tokens, audit
/// trail, Research Mode and feature flags, on the shared server core.
public struct HealthLogService: Service {
    public let name = "healthlog"
    public let version = "0.1.0"
    public let defaults = ServiceOptions.Defaults(port: 8080, databaseFile: "./data/healthlog.sqlite")
    public let envelope: any EnvelopeStyle = HealthLogEnvelope()
    public var migrations: [Migration] { HealthLogMigrations.all }
    /// Scrubbed from every log line, whatever field or path it turns up in.
    public var secretEnvironmentNames: [String] {
        [WithingsWebhookSettings.secretVariable, WithingsLinkSettings.clientSecretVariable, WithingsLinkSettings.tokenKeyVariable]
    }

    /// Test-only endpoints (a gated probe), routed and served like the product's. They are never
    /// part of the published document: `healthlog openapi`, the committed file and the drift test
    /// all use `productEndpoints`. Product features add their endpoints to `productEndpoints`.
    public let additionalEndpoints: [Endpoint]

    public init(additionalEndpoints: [Endpoint] = []) {
        self.additionalEndpoints = additionalEndpoints
    }

    /// What this service routes and serves at `GET /api/openapi.yaml`.
    public var endpoints: [Endpoint] { Self.productEndpoints + additionalEndpoints }

    /// Every endpoint the product serves, in the order the document lists them: the one list
    /// `healthlog openapi`, `docs/api/openapi.yaml` and the drift test are generated from.
    public static let productEndpoints: [Endpoint] = [LoginEndpoint.endpoint, RefreshEndpoint.endpoint, MeEndpoint.endpoint]
                                                      + LogoutEndpoints.endpoints + [PasswordChangeEndpoint.endpoint, AuditEndpoint.endpoint] + ResearchModeEndpoints.endpoints
                                                      + FeatureFlagEndpoints.endpoints
                                                      + [MeasurementBatchEndpoint.endpoint, WorkoutBatchEndpoint.endpoint,
                                                         PersonalRecordsEndpoint.endpoint]
                                                      + WithingsWebhookEndpoints.endpoints + WithingsLinkEndpoints.endpoints
                                                      + [SourcePriorityEndpoint.endpoint, DrainEndpoint.endpoint]
                                                      + MeasurementReadEndpoints.endpoints + SyncEndpoints.endpoints
                                                      + MedicationEndpoints.endpoints + DataRightsEndpoints.endpoints
                                                      + InsightsEndpoints.endpoints + CoachChatEndpoints.endpoints

    public func configure(_ setup: inout ServiceSetup) throws {
        let context = try HealthLogContext(database: setup.database, responses: setup.responses, logger: setup.logger,
                                           environment: setup.environment, metrics: setup.metrics)
        try installRoutes(into: &setup.router, context: context, defaultBodyBytes: setup.defaultBodyBytes)
        setup.backgroundTasks.append { await context.audit.run() }
        setup.backgroundTasks.append { await context.pruner.run() }
        setup.backgroundTasks.append { await PersonalRecordWorker(database: context.database, logger: context.logger).run() }
        setup.backgroundTasks.append { await IngestPruner(database: context.database, logger: context.logger).run() }
        setup.backgroundTasks.append { await WithingsNotificationWorker(database: context.database, logger: context.logger).run() }
        if let tokens = context.withingsLink {
            setup.backgroundTasks.append { await WithingsFetchWorker(database: context.database, tokens: tokens, logger: context.logger).run() }
        }
        // Bearer audit rows of the last requests are still batched at shutdown: write them out.
        setup.shutdownHooks.append { await context.audit.flush() }
    }

    /// Every HealthLog route: the endpoints, and the document generated from those same values.
    func installRoutes(into router: inout Router, context: HealthLogContext, defaultBodyBytes: Int) throws {
        EndpointTable.install(endpoints, into: &router, context: context, defaultBodyBytes: defaultBodyBytes)
        let yaml = Array(try HealthLogOpenAPI.yaml(for: endpoints).utf8)
        router.get(HealthLogOpenAPI.path) { _ in
            .bytes(yaml, contentType: "application/yaml; charset=utf-8")
        }
    }

    /// `healthlog user …` and `healthlog openapi`, next to `serve`.
    public var subcommands: [String: ServiceCommand.Subcommand] {
        let service = self
        return [
            "user": (summary: "user create --email E --password P [--admin] [--timezone Area/City]",
                     run: { arguments in await UserCommand.run(arguments, service: service) }),
            "openapi": ServiceCommand.openAPI("healthlog", committedAs: "docs/api/openapi.yaml") { try HealthLogOpenAPI.yaml() },
            "drain-per-sample-cumulative": (summary: "drain-per-sample-cumulative [--database URL]: collapse per-sample cumulative rows into daily rows",
                                            run: { arguments in await DrainCommand.run(arguments, service: service) }),
        ]
    }
}
