import CoachModelClient
import CoachResponder
import CoachSafety

/// What every Coach turn uses, loaded once at start-up: a safety matrix or vocabulary file that
/// does not load stops the server with the file's name (and line, for the matrix).
struct CoachServices: Sendable {
    let matrix: SafetyMatrix
    let gate: InboundGate
    let outbound: OutboundGuard
    let languages: [CoachLocale: ResponderLanguage]
    /// The configured language model, or nil: the built-in responder answers.
    let model: CoachModelClient?

    init(environment: [String: String]) throws {
        matrix = try SafetyMatrix.loadBundled()
        gate = try InboundGate.loadBundled()
        outbound = try OutboundGuard.loadBundled()
        var languages: [CoachLocale: ResponderLanguage] = [:]
        for locale in CoachLocale.allCases { languages[locale] = try ResponderLanguage.load(locale) }
        self.languages = languages
        model = try CoachModelSettings(environment: environment).map(CoachModelClient.init(settings:))
    }

    func language(_ locale: CoachLocale) -> ResponderLanguage {
        languages[locale] ?? languages[.en]!
    }

    /// The question read with the reply locale's vocabulary first, then with the others: people
    /// ask in English while their app is set to German. The answer is in the reply locale.
    func read(_ message: String, locale: CoachLocale, medications: [String]) -> Question {
        let order = [locale] + CoachLocale.allCases.filter { $0 != locale }
        for candidate in order {
            let question = QuestionReader(language: language(candidate)).read(message, medications: medications)
            if question != .unknown { return question }
        }
        return .unknown
    }

    /// The refusal the matrix holds for a gate's verdict, in `locale`.
    func refusal(for rule: GroundRule?, drug: String?, locale: CoachLocale) -> String {
        guard let rule else { return matrix.injectionRefusal(locale: locale) }
        return matrix.refusal(for: rule, locale: locale, drug: drug)
    }
}
