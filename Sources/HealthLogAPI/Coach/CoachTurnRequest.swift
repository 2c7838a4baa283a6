import APIToolkit
import Foundation
import CoachSafety
import HTTPServer

/// `POST /api/insights/chat`'s body (strict, contract §5): the message, optionally the locale to
/// answer in and the conversation to continue.
struct CoachTurnRequest: RequestBody {
    static let maxMessageLength = 4000
    static let locales = CoachLocale.allCases.map(\.rawValue)

    let message: String
    let locale: String?
    let conversationId: String?

    static let schema: Schema = .object("CoachTurn") {
        Property("message", .string(minLength: 1, maxLength: maxMessageLength))
        Property("locale", .string(oneOf: locales), required: false,
                 description: "The language of the reply; default: the first supported Accept-Language, else en.")
        Property("conversationId", .string(format: .uuid), required: false, description: "Continue this conversation; default: a new one.")
    }

    /// The reply's locale: the body's, else the first supported language of `Accept-Language`, else English.
    func replyLocale(_ request: Request) -> CoachLocale {
        if let locale, let chosen = CoachLocale(rawValue: locale) { return chosen }
        let accepted = (request.headers["Accept-Language"] ?? "").split(separator: ",").map {
            String($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces)
        }
        return accepted.lazy.compactMap(CoachLocale.init(tag:)).first ?? .en
    }
}
