import XCTest
@testable import ServiceRuntime

final class ServiceOptionsTests: XCTestCase {
    private let defaults = ServiceOptions.Defaults(port: 8081, databaseFile: "./data/jarvis.sqlite")

    func testDefaultsApplyWithNothingSet() throws {
        let options = try ServiceOptions.parse([], environment: [:], defaults: defaults)
        XCTAssertEqual(options.port, 8081)
        XCTAssertEqual(options.databaseURL, "./data/jarvis.sqlite")
        XCTAssertEqual(options.host, "127.0.0.1")
        XCTAssertTrue(options.accessLog)
        XCTAssertNil(options.metricsPort, "no metrics listener unless asked for")
        XCTAssertEqual(options.metricsHost, "127.0.0.1")
    }

    func testTheMetricsListenerIsConfiguredLikeTheMainOne() throws {
        let environment = ["METRICS_PORT": "9100", "METRICS_HOST": "10.0.0.5"]
        let fromEnvironment = try ServiceOptions.parse([], environment: environment, defaults: defaults)
        XCTAssertEqual(fromEnvironment.metricsPort, 9100)
        XCTAssertEqual(fromEnvironment.metricsHost, "10.0.0.5")
        let fromFlags = try ServiceOptions.parse(["--metrics-port", "9200", "--metrics-host", "127.0.0.2"], environment: environment,
                                                 defaults: defaults)
        XCTAssertEqual(fromFlags.metricsPort, 9200)
        XCTAssertEqual(fromFlags.metricsHost, "127.0.0.2")
        XCTAssertThrowsError(try ServiceOptions.parse([], environment: ["METRICS_PORT": "metrics"], defaults: defaults)) { error in
            XCTAssertTrue(String(describing: error).contains("METRICS_PORT"), "\(error)")
        }
    }

    func testEnvironmentOverridesDefaultsAndFlagsOverrideEnvironment() throws {
        let environment = ["PORT": "9000", "DATABASE_URL": "postgres://u@h/db", "LOG_LEVEL": "warning"]
        let fromEnvironment = try ServiceOptions.parse([], environment: environment, defaults: defaults)
        XCTAssertEqual(fromEnvironment.port, 9000)
        XCTAssertEqual(fromEnvironment.databaseURL, "postgres://u@h/db")
        XCTAssertEqual(fromEnvironment.logLevel, .warning)
        let fromFlags = try ServiceOptions.parse(["--port", "7000", "--database", "/tmp/x.sqlite", "--host", "0.0.0.0", "--no-access-log"],
                                                 environment: environment, defaults: defaults)
        XCTAssertEqual(fromFlags.port, 7000)
        XCTAssertEqual(fromFlags.databaseURL, "/tmp/x.sqlite")
        XCTAssertEqual(fromFlags.host, "0.0.0.0")
        XCTAssertFalse(fromFlags.accessLog)
    }

    func testBadValuesAreRefusedWithAReason() {
        XCTAssertThrowsError(try ServiceOptions.parse(["--port", "70000"], environment: [:], defaults: defaults))
        XCTAssertThrowsError(try ServiceOptions.parse([], environment: ["PORT": "x"], defaults: defaults))
        XCTAssertThrowsError(try ServiceOptions.parse(["--port"], environment: [:], defaults: defaults))
        XCTAssertThrowsError(try ServiceOptions.parse(["--verbose"], environment: [:], defaults: defaults)) { error in
            XCTAssertEqual(String(describing: error), "unknown option --verbose")
        }
    }

    func testDatabasePasswordIsFoundForRedaction() {
        XCTAssertEqual(DatabaseURLPassword.extract("postgres://app:s3cr3t-pw@db:5432/health"), "s3cr3t-pw")
        XCTAssertNil(DatabaseURLPassword.extract("./data/x.sqlite"))
    }
}
