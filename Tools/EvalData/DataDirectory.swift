import Foundation

/// Where the labelled data lives: `--data DIR` if given, else `../shared/data` relative to the
/// working directory (the repository root under `swift run` and `make eval`).
public enum DataDirectory {
    public static let defaultRelativePath = "../shared/data"

    public static func resolve(arguments: [String]) throws -> URL {
        let path = value(of: "--data", in: arguments) ?? defaultRelativePath
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw EvalDataError.missingFile(url.path)
        }
        return url
    }

    /// The word after `flag` in a command line, if any.
    public static func value(of flag: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
