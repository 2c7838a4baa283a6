import CoachSafety
import Foundation

/// One locale's words and sentences for the built-in responder, loaded from
/// `Resources/responder.<locale>.json`: what a question may say (vocabulary, read by
/// `QuestionReader`) and how an answer is phrased (templates, filled by `AnswerComposer`).
/// Adding a phrasing is an edit of that file, never of code.
public struct ResponderLanguage: Sendable, Decodable {
    public struct Vocabulary: Sendable, Decodable {
        /// `CoachMetric.rawValue` → phrases naming it.
        let metrics: [String: [String]]
        /// `PeriodKind.rawValue` → phrases; `recent_days` phrases carry `#` for the number of days,
        /// `recent_weeks` phrases (read as `recent_days`, seven a week) for the number of weeks,
        /// `recent_months` phrases (thirty days a month) for the number of months; `day_of_month`
        /// phrases carry `#.` for a day of the month ("on the #.", "am #.").
        let periods: [String: [String]]
        /// Units a number can carry ("mg", "weeks"): a number beside one is a dose or a span,
        /// never a day of the month ("on 5 mg").
        let unitWords: [String]
        /// Twelve entries, January first, each the phrases naming that month.
        let months: [[String]]
        /// Seven entries, Monday first, each the phrases naming that day (matched as written).
        let weekdays: [[String]]
        /// Phrases naming workouts in general ("workout*", "exercise minutes", "minutes of").
        let workouts: [String]
        /// Workout kind (a key of the templates' `workoutKinds`) → phrases naming it ("run*", "yoga").
        let workoutKinds: [String: [String]]
        /// `morning`, `afternoon`, `evening`, `night` → phrases.
        let timesOfDay: [String: [String]]
        /// `injection_days`, `since_start` → phrases.
        let comparisons: [String: [String]]
        /// `doses`, `last_taken`, `skipped` → phrases asking about the user's own medication log.
        let medicationLog: [String: [String]]
        /// Words naming the medication log itself (a dose, shot, injection, medication, the log):
        /// a `gaps` phrase asks about the log only beside one of them or a drug named, since "how
        /// consistent is my sleep" asks about sleep.
        let medicationWords: [String]
        /// How-to topic → phrases; answered only together with a `howtoCues` phrase or alone.
        let howto: [String: [String]]
        let howtoCues: [String]
        /// Reports that something went wrong ("by mistake", "aus Versehen"): such a message is a how-to
        /// only with a `howtoCues` phrase; without one it asks what to do about the incident.
        let incidents: [String]
        /// Tip topic → phrases; answered together with a `tipCues` phrase.
        let tips: [String: [String]]
        let tipCues: [String]
        let greetings: [String]
        let thanks: [String]
    }

    public struct Templates: Sendable, Decodable {
        let metricNames: [String: String]
        let units: [String: String]
        let periodNames: [String: String]
        /// Twelve month names as a period names them ("in {month}").
        let monthNames: [String]
        /// Twelve month names as a date writes them ("{day} {month}"), where the language
        /// declines them differently (Polish: "w listopadzie", but "15 listopada"); else `monthNames`.
        let monthNamesInDates: [String]?
        let timeOfDayNames: [String: String]
        /// Workout kind → its name as a noun ("running"); `other` for kinds without one.
        let workoutKinds: [String: String]
        let sentences: [String: String]
        let howto: [String: String]
        let tips: [String: String]
        /// One motivational-interviewing question per turn (rule 5), chosen by metric or `default`.
        let reflections: [String: [String]]
        let evidenceLabels: [String: String]
    }

    public let locale: String
    public let decimalSeparator: String
    public let vocabulary: Vocabulary
    public let templates: Templates

    public static func load(_ locale: CoachLocale) throws -> ResponderLanguage {
        guard let url = fileURL(locale) else {
            throw ResponderError.missingFile("responder.\(locale.rawValue).json")
        }
        do {
            return try JSONDecoder().decode(ResponderLanguage.self, from: Data(contentsOf: url))
        } catch {
            throw ResponderError.invalidFile("responder.\(locale.rawValue).json", "\(error)")
        }
    }

    /// Where the locale's data file is in the module's bundle.
    static func fileURL(_ locale: CoachLocale) -> URL? {
        Bundle.module.url(forResource: "responder.\(locale.rawValue)", withExtension: "json", subdirectory: "Resources")
    }

    /// Display names by metric identifier (`bp_systolic` → "blood pressure"): what an evidence
    /// label that is an identifier becomes (rule 8).
    public var metricDisplayNames: [String: String] { templates.metricNames }

    /// A sentence of the templates, placeholders filled (`model_unavailable`, …).
    public func sentence(named key: String) -> String { sentence(key) }

    /// A sentence template with `{name}` placeholders filled.
    func sentence(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(templates.sentences[key] ?? key, values)
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }

    /// `value` with at most `decimals` decimals and the locale's decimal separator.
    func number(_ value: Double, decimals: Int) -> String {
        let factor = pow(10, Double(decimals))
        let rounded = (value * factor).rounded() / factor
        var text = rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.\(decimals)f", rounded)
        if text.contains(".") { while text.hasSuffix("0") { text.removeLast() } }
        return text.replacingOccurrences(of: ".", with: decimalSeparator)
    }
}

public enum ResponderError: Error, CustomStringConvertible {
    case missingFile(String)
    case invalidFile(String, String)

    public var description: String {
        switch self {
        case .missingFile(let name): "\(name) is not in the CoachResponder bundle"
        case .invalidFile(let name, let reason): "\(name) does not decode: \(reason)"
        }
    }
}
