import Foundation

/// Without `-DFUZZING` there is no libFuzzer to provide `main`: fuzz targets then replay saved
/// inputs (files, or directories of them) through the same checks, to reproduce a crash under
/// a debugger or to run a corpus as a regression test.
public enum CorpusReplay {
    public static func main(name: String, _ check: (UnsafeRawBufferPointer) -> Void) {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: \(name) INPUT_FILE_OR_DIRECTORY...")
            return
        }
        var replayed = 0
        for path in paths {
            for file in inputFiles(at: path) {
                guard let contents = FileManager.default.contents(atPath: file) else {
                    print("cannot read \(file)")
                    continue
                }
                Array(contents).withUnsafeBytes { check($0) }
                replayed += 1
            }
        }
        print("replayed \(replayed) inputs without a failure")
    }

    private static func inputFiles(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}
