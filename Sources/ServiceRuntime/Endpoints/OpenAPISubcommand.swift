import Foundation

extension ServiceCommand {
    /// `<service> openapi`: prints the document `yaml` renders from the service's endpoint
    /// declarations; `scripts/openapi-check.sh` diffs it against the committed `file`.
    public static func openAPI(_ service: String, committedAs file: String,
                               yaml: @escaping @Sendable () throws -> String) -> Subcommand {
        (summary: "print the OpenAPI 3.1 document (\(file))", run: { arguments in
            guard arguments.isEmpty else {
                FileHandle.standardError.write(Data("usage: \(service) openapi   (takes no options)\n".utf8))
                return 64
            }
            do {
                FileHandle.standardOutput.write(Data(try yaml().utf8))
                return 0
            } catch {
                FileHandle.standardError.write(Data("\(service) openapi: \(error)\n".utf8))
                return 1
            }
        })
    }
}
