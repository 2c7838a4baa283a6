import Foundation

/// `healthlog openapi`: prints the generated document; `scripts/openapi-check.sh` diffs it
/// against the committed `docs/api/openapi.yaml`.
enum OpenAPICommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: healthlog openapi   (takes no options)\n".utf8))
            return 64
        }
        do {
            FileHandle.standardOutput.write(Data(try HealthLogOpenAPI.yaml().utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data("healthlog openapi: \(error)\n".utf8))
            return 1
        }
    }
}
