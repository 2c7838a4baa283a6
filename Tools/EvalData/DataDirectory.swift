import Foundation

/// Where the labelled data lives: `--data DIR` if given, else `../shared/data` relative to the
/// working directory (the repository root under `swift run --package-path Tools` and `make eval`).
public enum DataDirectory {
    public static let defaultRelativePath = "../shared/data"

    public static func resolve(_ arguments: ToolArguments) throws -> URL {
        let path = arguments.value(of: "--data") ?? defaultRelativePath
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw EvalDataError.missingFile(url.path)
        }
        return url
    }
}
