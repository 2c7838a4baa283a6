import Foundation
import HTTPServer

/// Native apps get tokens in the body; browsers get an HttpOnly cookie and never see a token,
/// so a script injected into a page cannot read one.
enum ClientKind: String, Sendable {
    case native
    case browser

    /// `CFNetwork/` appears in every URLSession User-Agent; `HealthLog-iOS/` is the app's own.
    init(request: Request) {
        let agent = request.headers["User-Agent"] ?? ""
        self = agent.contains("CFNetwork/") || agent.hasPrefix("HealthLog-iOS/") ? .native : .browser
    }
}
