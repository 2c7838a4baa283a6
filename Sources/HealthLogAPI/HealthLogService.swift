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
    public var secretEnvironmentNames: [String] { ["WITHINGS_WEBHOOK_SECRET"] }

    /// Endpoints beyond the product's own (tests add a gated probe here). They are routed and
    /// published exactly like the built-in ones.
    public let additionalEndpoints: [Endpoint]

    public init(additionalEndpoints: [Endpoint] = []) {
        self.additionalEndpoints = additionalEndpoints
    }

    /// What this service routes and publishes; `healthlog openapi` prints the same list.
    public var endpoints: [Endpoint] { Self.productEndpoints + additionalEndpoints }

    /// Every endpoint the product serves, in the order the document lists them.
    public static let productEndpoints: [Endpoint] = [LoginEndpoint.endpoint, RefreshEndpoint.endpoint, MeEndpoint.endpoint,
                                                      AuditEndpoint.endpoint] + ResearchModeEndpoints.endpoints
                                                      + FeatureFlagEndpoints.endpoints

    public func configure(_ setup: inout ServiceSetup) throws {
        let context = try HealthLogContext(database: setup.database, responses: setup.responses, logger: setup.logger,
                                           environment: setup.environment)
        try installRoutes(into: &setup.router, context: context)
        // Bearer audit rows of the last requests are still batched at shutdown: write them out.
        setup.shutdownHooks.append { await context.audit.flush() }
    }

    /// Every HealthLog route: the endpoints, and the document generated from those same values.
    func installRoutes(into router: inout Router, context: HealthLogContext) throws {
        EndpointTable.install(endpoints, into: &router, context: context)
        let yaml = Array(try HealthLogOpenAPI.document(for: endpoints).yaml().utf8)
        router.get(HealthLogOpenAPI.path) { _ in
            .bytes(yaml, contentType: "application/yaml; charset=utf-8")
        }
    }

    /// `healthlog user …` and `healthlog openapi`, next to `serve`.
    public var subcommands: [String: ServiceCommand.Subcommand] {
        let service = self
        return [
            "user": (summary: "user create --email E --password P [--admin] [--timezone Area/City]",
                     run: { arguments in UserCommand.run(arguments, service: service) }),
            "openapi": (summary: "print the OpenAPI 3.1 document (docs/api/openapi.yaml)",
                        run: { arguments in OpenAPICommand.run(arguments, service: service) }),
        ]
    }
}
