import APIToolkit
import FeedFetching
import Foundation
import HTTPServer
import ServiceRuntime

/// The check a new subscription's host passes before it is stored (`POST /feeds`, `jarvis feeds
/// import`): the fetcher's `DestinationPolicy` on the addresses the host has. A host with an
/// address in the server's own network, outside the networks the operator allowed, is refused
/// (422 `feed.internal_address`) here as well as at every fetch; a name that does not resolve
/// now is accepted, and the fetch judges it when it does.
struct DestinationCheck: Sendable {
    let policy: DestinationPolicy
    /// Whether a host name is looked up. A process that fetches looks it up (getaddrinfo); one
    /// with feed fetching off (`FeedFetchingSetting`) judges only an address the URL spells in any
    /// form and leaves a name to the process that fetches, which checks it at every fetch.
    let looksUpNames: Bool

    init(policy: DestinationPolicy, looksUpNames: Bool = true) {
        self.policy = policy
        self.looksUpNames = looksUpNames
    }

    /// `JARVIS_FEED_ALLOW_NETWORKS` and `JARVIS_FEED_FETCHING`; a malformed value of either stops start-up.
    init(environment: [String: String]) throws {
        do {
            policy = try DestinationPolicy(environment: environment)
        } catch {
            throw ServiceOptions.InvalidOption(description: error.description)
        }
        looksUpNames = try FeedFetchingSetting.isOn(environment)
    }

    func refuseInternal(_ url: URL) async throws {
        let resolve: @Sendable (String) -> [[UInt8]] = looksUpNames ? InternalAddress.resolve : InternalAddress.literal
        guard case .refused(let address) = try await offload({ [policy] in policy.verdict(for: url, resolve: resolve) }) else { return }
        let message = "\(url.host ?? "") is \(InternalAddress.text(address)), an address in the server's own network "
            + "(the operator can allow its network with \(DestinationPolicy.environmentName))"
        throw APIError.unprocessable(issues: [ValidationIssue(path: "url", code: "internal_address", message: message)],
                                     code: "feed.internal_address")
    }
}
