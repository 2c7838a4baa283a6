import Foundation

/// The iOS app's insights models, mirrored: decoded with `AppDecoder` (strict dates), so a date
/// of another shape or an enum token the app does not know (a localised severity) fails the
/// decode, as it would fail the app's screen.
enum AppSeverity: String, Decodable { case important, warning, info }
enum AppTrendStatus: String, Decodable { case improving, stable, declining, insufficientData = "insufficient_data" }
enum AppDirection: String, Decodable { case up, down, flat }

struct AppTrendAnnotation: Decodable, Equatable {
    let metric: String
    let direction: AppDirection
    let severity: AppSeverity
    let startDate: String
    let endDate: String
    let summaryKey: String
}

struct AppPeriod: Decodable, Equatable {
    let from: String
    let to: String
}

struct AppWindowValue: Decodable {
    let value: Double
    let unit: String
    let period: AppPeriod
}

struct AppChange: Decodable {
    let absolute: Double
    let percent: Double?
}

struct AppInsightStatus: Decodable {
    let metric: String
    let status: AppTrendStatus
    let severity: AppSeverity
    let current: AppWindowValue?
    let baseline: AppWindowValue?
    let change: AppChange?
    let sampleSize: Int
    let annotations: [AppTrendAnnotation]
    let generatedAt: Date
}

struct AppInsightCards: Decodable {
    struct Card: Decodable {
        let id: String
        let metric: String
        let titleKey: String
        let summaryKey: String
        let severity: AppSeverity
        let status: AppTrendStatus
        let current: AppWindowValue?
        let change: AppChange?
    }

    let cards: [Card]
    let generatedAt: Date
}

struct AppCorrelations: Decodable {
    struct Pair: Decodable {
        let metricA: String
        let metricB: String
        let sampleSize: Int
        let coefficient: Double
        let spearman: Double
        let significant: Bool
        let relation: String
        let statement: String
    }

    let days: Int
    let period: AppPeriod
    let pairs: [Pair]
    let generatedAt: Date
}

struct AppDailyBriefing: Decodable {
    struct Headline: Decodable {
        let key: String
        let severity: AppSeverity
    }

    struct Section: Decodable {
        struct Values: Decodable {
            let current: Double?
            let baseline: Double?
            let unit: String
            let changeAbsolute: Double?
            let changePercent: Double?
        }

        let metric: String
        let status: AppTrendStatus
        let severity: AppSeverity
        let summaryKey: String
        let values: Values
    }

    struct HealthScore: Decodable {
        struct Explanation: Decodable {
            struct Factor: Decodable, Equatable {
                let metric: String
                let contribution: Double
            }

            let key: String
            let factors: [Factor]
        }

        let value: Int?
        let delta: Int?
        let deltaExplanation: Explanation
    }

    let date: String
    let promptVersion: String
    let headline: Headline
    let sections: [Section]
    let healthScore: HealthScore
    let generatedAt: Date
}
