/// The snapshot as the language model reads it: a few computed figures per metric (the last 7
/// and 30 days' averages, the latest day), the medications, the last logged intakes and the last
/// workouts. Every
/// number is computed here, so the model only phrases (rules 1, 7); a metric without data is
/// not mentioned (rule 14).
public enum SnapshotPromptText {
    public static func render(_ snapshot: CoachSnapshot) -> String {
        var lines = ["Today: \(snapshot.today)"]
        for metric in CoachMetric.allCases {
            guard let days = snapshot.daily[metric], let latest = days.last else { continue }
            let week = days.filter { $0.day >= CivilDay.adding(-6, to: snapshot.today) }.map(\.value)
            let month = days.filter { $0.day >= CivilDay.adding(-29, to: snapshot.today) }.map(\.value)
            var parts = ["latest \(format(latest.value)) on \(latest.day)"]
            if !week.isEmpty { parts.append("7-day average \(format(mean(week))) over \(week.count) days") }
            if !month.isEmpty { parts.append("30-day average \(format(mean(month))) over \(month.count) days") }
            lines.append("\(label(metric)): " + parts.joined(separator: "; "))
        }
        for medication in snapshot.medications {
            lines.append("Medication: \(medication.name)\(medication.isGLP1 ? " (GLP-1)" : "")"
                         + (medication.startDay.map { ", started \($0)" } ?? ""))
        }
        for intake in snapshot.intakes.suffix(10) {
            let dose = intake.doseMg.map { " \(format($0)) mg" } ?? ""
            lines.append("Logged intake: \(intake.day) \(intake.medication)\(dose)\(intake.skipped ? " (skipped)" : "")")
        }
        for workout in snapshot.workouts.suffix(10) {
            lines.append("Workout: \(workout.day) \(workout.kind), \(format(workout.minutes)) minutes")
        }
        return lines.joined(separator: "\n")
    }

    /// What each metric's value is, in words the model can pass on.
    static func label(_ metric: CoachMetric) -> String {
        switch metric {
        case .steps: "Steps per day"
        case .activeEnergy: "Active energy per day (kcal)"
        case .distance: "Walking and running distance per day (km)"
        case .sleep: "Sleep per night (hours)"
        case .weight: "Weight (kg)"
        case .restingHeartRate: "Resting heart rate (bpm)"
        case .heartRate: "Heart rate, daily mean (bpm)"
        case .systolic: "Blood pressure, systolic (mmHg)"
        case .diastolic: "Blood pressure, diastolic (mmHg)"
        case .hrv: "Heart rate variability (ms)"
        case .bloodGlucose: "Blood glucose (mg/dL)"
        case .mood: "Mood (1-5)"
        }
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
