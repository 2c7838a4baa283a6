import Foundation

/// How often a medication is due: a dose every `intervalDays` days, `dosesPerDay` times on each
/// dosing day. Medication compliance counts the doses this expects.
struct DoseCadence: Sendable, Equatable {
    let intervalDays: Int
    let dosesPerDay: Int

    /// The rhythm of each of `MedicationFields.schedules` but `as_needed`, which expects no dose.
    /// A month is counted as 30 days.
    static let bySchedule: [String: DoseCadence] = [
        "daily": DoseCadence(intervalDays: 1, dosesPerDay: 1),
        "twice_daily": DoseCadence(intervalDays: 1, dosesPerDay: 2),
        "weekly": DoseCadence(intervalDays: 7, dosesPerDay: 1),
        "every_other_week": DoseCadence(intervalDays: 14, dosesPerDay: 1),
        "monthly": DoseCadence(intervalDays: 30, dosesPerDay: 1),
    ]

    /// The GLP-1 details' interval and their brand's doses per day when set (they are what the
    /// user was prescribed), else the schedule's rhythm; nil for `as_needed`.
    static func of(_ medication: MedicationRecord) -> DoseCadence? {
        if let glp1 = medication.glp1 {
            let dosesPerDay = GLP1Catalog.drug(glp1.drug)?.brand(named: glp1.brand)?.dosesPerDay ?? 1
            return DoseCadence(intervalDays: Int(glp1.intervalDays), dosesPerDay: dosesPerDay)
        }
        return bySchedule[medication.details.schedule]
    }

    /// The doses `medication` expects on each of `days` (consecutive, oldest first). It is due
    /// from its start (`startDate`, else the GLP-1 `since`, else the day it was added) through its
    /// `stopDate`; dosing days fall every `intervalDays` from the GLP-1 `since` (a dose change
    /// happens on a dosing day), else from the start.
    static func expectedDoses(_ medication: MedicationRecord, days: [String], calendar: UserCalendar) -> [String: Int] {
        guard let cadence = of(medication), let first = days.first else { return [:] }
        let added = calendar.day(of: Int64(medication.createdAt.timeIntervalSince1970))
        let start = medication.details.startDate ?? medication.glp1?.since ?? added
        let alignment = medication.glp1?.since ?? start
        guard let firstOffset = calendar.days(from: alignment, to: first) else { return [:] }
        var expected: [String: Int] = [:]
        for (index, day) in days.enumerated() where day >= start && medication.details.stopDate.map({ day <= $0 }) ?? true {
            let offset = firstOffset + index, interval = cadence.intervalDays
            if (offset % interval + interval) % interval == 0 { expected[day] = cadence.dosesPerDay }
        }
        return expected
    }
}
