/// What the server knows about one user when a Coach turn starts, computed from that user's
/// own rows only (ground rules 1, 7, 14). The built-in responder answers from it and the model
/// path renders it into the prompt; nothing else reaches either. Days are `YYYY-MM-DD` in the
/// user's time zone; a metric with no data is simply absent.
public struct CoachSnapshot: Sendable, Equatable {
    public struct DayValue: Sendable, Equatable {
        public let day: String
        public let value: Double

        public init(day: String, value: Double) {
            self.day = day
            self.value = value
        }
    }

    /// One reading of a point metric with the local hour it was taken at (for "evening" questions).
    public struct Reading: Sendable, Equatable {
        public let day: String
        public let hour: Int
        public let value: Double

        public init(day: String, hour: Int, value: Double) {
            self.day = day
            self.hour = hour
            self.value = value
        }
    }

    public struct Medication: Sendable, Equatable {
        /// Already passed through the prompt-safety filter.
        public let name: String
        public let isGLP1: Bool
        /// The day the user started it (its start date, else its first logged intake).
        public let startDay: String?

        public init(name: String, isGLP1: Bool, startDay: String?) {
            self.name = name
            self.isGLP1 = isGLP1
            self.startDay = startDay
        }
    }

    public struct Intake: Sendable, Equatable {
        public let medication: String
        public let day: String
        public let doseMg: Double?
        public let skipped: Bool

        public init(medication: String, day: String, doseMg: Double?, skipped: Bool) {
            self.medication = medication
            self.day = day
            self.doseMg = doseMg
            self.skipped = skipped
        }
    }

    /// One workout as Apple Health recorded it, on the local day it started.
    public struct Workout: Sendable, Equatable {
        public let day: String
        /// HealthKit's activity name ("running", "traditionalStrengthTraining").
        public let kind: String
        public let minutes: Double

        public init(day: String, kind: String, minutes: Double) {
            self.day = day
            self.kind = kind
            self.minutes = minutes
        }
    }

    /// The user's today.
    public let today: String
    /// One value per day: totals for cumulative metrics, means for point metrics.
    public let daily: [CoachMetric: [DayValue]]
    /// Individual readings of the metrics whose time of day matters (blood pressure, weight).
    public let readings: [CoachMetric: [Reading]]
    public let medications: [Medication]
    /// Oldest first.
    public let intakes: [Intake]
    /// Oldest first.
    public let workouts: [Workout]

    public init(today: String, daily: [CoachMetric: [DayValue]], readings: [CoachMetric: [Reading]] = [:],
                medications: [Medication] = [], intakes: [Intake] = [], workouts: [Workout] = []) {
        self.today = today
        self.daily = daily.mapValues { $0.sorted { $0.day < $1.day } }
        self.readings = readings
        self.medications = medications
        self.intakes = intakes.sorted { $0.day < $1.day }
        self.workouts = workouts.sorted { $0.day < $1.day }
    }

    /// One mean per day of `readings`, oldest day first: how point metrics become daily values.
    public static func dailyMeans(_ readings: [Reading]) -> [DayValue] {
        Dictionary(grouping: readings, by: \.day).map { DayValue(day: $0.key, value: mean($0.value.map(\.value))) }
            .sorted { $0.day < $1.day }
    }

    /// The day the user started their treatment: the GLP-1 medication's start (else the first
    /// medication's), else the first logged dose.
    public var treatmentStart: String? {
        (medications.first(where: \.isGLP1) ?? medications.first)?.startDay ?? intakes.first?.day
    }

    /// Days with a non-skipped dose of a GLP-1 medication.
    public var injectionDays: Set<String> {
        let glp1 = Set(medications.filter(\.isGLP1).map(\.name))
        return Set(intakes.filter { !$0.skipped && glp1.contains($0.medication) }.map(\.day))
    }
}

/// The metrics the Coach talks about, with how a day's value is formed.
public enum CoachMetric: String, CaseIterable, Sendable {
    case steps, activeEnergy = "active_energy", distance, sleep, weight, restingHeartRate = "resting_heart_rate",
         heartRate = "heart_rate", systolic = "bp_systolic", diastolic = "bp_diastolic", hrv, bloodGlucose = "blood_glucose",
         mood

    /// Summed per day (a day's total) rather than averaged.
    public var isCumulative: Bool { [.steps, .activeEnergy, .distance, .sleep].contains(self) }
}
