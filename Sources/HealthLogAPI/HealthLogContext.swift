import HTTPServer
import Secrets
import ServiceRuntime
import Storage

/// What HealthLog's handlers share, built once at start-up.
public struct HealthLogContext: Sendable {
    public let database: Database
    public let responses: APIResponses
    public let logger: Logger
    let passwords: PasswordVerifier
    let policy: TokenPolicy
    let audit: AuditBatcher
    let throttle: LoginThrottle
    let trustedProxies: TrustedProxies
    let authenticator: Authenticator
    let pruner: RetentionPruner
    public let flags: FeatureFlagStore
    let withings: WithingsWebhookSettings
    /// The Withings app registration and the linked users' tokens; nil without a client id.
    let withingsLink: WithingsTokens?
    /// The Coach's safety matrix, gates, responders and model client.
    let coach: CoachServices

    init(database: Database, responses: APIResponses, logger: Logger, environment: [String: String],
         metrics: MetricsRegistry = MetricsRegistry()) throws {
        self.database = database
        self.responses = responses
        self.logger = logger
        passwords = try PasswordVerifier(hasher: PasswordCost.hasher(environment: environment))
        policy = TokenPolicy()
        audit = AuditBatcher(database: database, logger: logger)
        throttle = LoginThrottle(database: database)
        trustedProxies = try TrustedProxies(environment: environment)
        authenticator = Authenticator(database: database, audit: audit, trustedProxies: trustedProxies,
                                      unattributedFailures: UnattributedFailureSampler(metrics: metrics))
        pruner = RetentionPruner(database: database, logger: logger, throttleWindowSeconds: throttle.windowSeconds)
        flags = FeatureFlagStore(database: database)
        withings = try WithingsWebhookSettings(environment: environment, metrics: metrics)
        withingsLink = try WithingsLinkSettings(environment: environment)
            .map { WithingsTokens(client: WithingsAPIClient(settings: $0), database: database) }
        coach = try CoachServices(environment: environment)
    }

    /// Gates handlers on one assistant surface (403 `assistant.disabled.<surface>` when off).
    public var assistantGate: AssistantGate { AssistantGate(flags: flags) }
}
