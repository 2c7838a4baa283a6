import APIToolkit
import Foundation

/// `POST /api/workouts/batch`'s body: HKWorkout fields, strict. Energy in kcal, distance in
/// metres, duration in seconds (what `HKWorkout` reports once converted with those units).
struct WorkoutBatchBody: RequestBody {
    /// `MAX_WORKOUTS_PER_BATCH` (contract §2.2).
    static let maxWorkouts = 100

    struct Workout: Decodable, Sendable {
        let activityType: Int
        let startDate: Date
        let endDate: Date
        let duration: Double
        let totalEnergyBurned: Double?
        let totalDistance: Double?
        let externalId: String
        let sourceName: String?
        let deviceType: String?
    }

    let workouts: [Workout]

    static let workoutSchema: Schema = .object("WorkoutBatchEntry") {
        Property("activityType", .integer(min: 1, max: 3000), description: "HKWorkoutActivityType raw value (37 running, 52 walking, 3000 other).")
        Property("startDate", .dateTimeWithOffset)
        Property("endDate", .dateTimeWithOffset)
        Property("duration", .number(min: 0), description: "Seconds of activity (may be less than end − start when paused).")
        Property("totalEnergyBurned", .number(min: 0).orNull, required: false, description: "kcal.")
        Property("totalDistance", .number(min: 0).orNull, required: false, description: "Metres.")
        Property("externalId", .string(minLength: 1, maxLength: 120), description: "HKWorkout UUID.")
        Property("sourceName", .string(minLength: 1, maxLength: 120).orNull, required: false, description: "The recording app or device.")
        Property("deviceType", DeviceType.schema, required: false)
    }

    static let schema: Schema = .object("WorkoutBatch") {
        Property("workouts", .array(of: workoutSchema, minItems: 1, maxItems: maxWorkouts),
                 description: "At most 100; more is 422 workout.batch.too_large.")
    }
}
