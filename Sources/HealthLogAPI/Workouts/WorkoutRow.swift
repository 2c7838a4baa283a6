import Foundation
import Storage

/// One workout of a batch, checked and ready to insert.
struct WorkoutRow: BatchRow {
    /// Plausibility bounds per workout: a week of activity, 1,000 km, 20,000 kcal. The active
    /// duration may exceed end − start only by `PlausibleTime.durationSlackSeconds`.
    static let maxDurationSeconds: Double = 7 * 24 * 3600
    static let maxDistanceMetres: Double = 1_000_000
    static let maxEnergyKcal: Double = 20_000

    let index: Int
    let id: String
    let externalId: String
    let activityType: Int
    let activityName: String
    let startedAt: Int64
    let endedAt: Int64
    let duration: Double
    let energy: Double?
    let distance: Double?
    let sourceName: String?
    let deviceType: String?

    /// The row for `workout`, with primary key `id`, or why it is skipped: an unknown activity
    /// type, or a start, interval, duration, distance or energy that cannot be real.
    static func map(_ workout: WorkoutBatchBody.Workout, index: Int, id: String, now: Int64) -> Result<WorkoutRow, SkipReason> {
        guard let name = WorkoutActivityType.name(for: workout.activityType) else { return .failure(.unmappableIdentifier) }
        let start = Int64(workout.startDate.timeIntervalSince1970.rounded(.down))
        let end = Int64(workout.endDate.timeIntervalSince1970.rounded(.down))
        guard PlausibleTime.allows(start: start, end: end, now: now), workout.duration <= maxDurationSeconds,
              workout.duration <= Double(end - start) + PlausibleTime.durationSlackSeconds,
              (workout.totalDistance ?? 0) <= maxDistanceMetres, (workout.totalEnergyBurned ?? 0) <= maxEnergyKcal else {
            return .failure(.valueOutOfRange)
        }
        return .success(WorkoutRow(index: index, id: id, externalId: workout.externalId,
                                   activityType: workout.activityType, activityName: name, startedAt: start, endedAt: end,
                                   duration: workout.duration, energy: workout.totalEnergyBurned, distance: workout.totalDistance,
                                   sourceName: workout.sourceName, deviceType: workout.deviceType))
    }

    var conflictKey: ConflictKey { ConflictKey(externalId) }
}
