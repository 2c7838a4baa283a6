import CoachSafety
import Foundation
import XCTest

/// The six shipped matrix files copied into a fresh folder with one of them rewritten, so a test
/// can feed the loader a broken matrix and read the error it gives.
enum MatrixFixture {
    /// The error loading the matrix gives once `edit` has rewritten `locale`'s file; a test
    /// failure (and nil) when the edit changed nothing or the matrix still loads.
    static func loadError(editing locale: CoachLocale, _ edit: (String) -> String,
                          file: StaticString = #filePath, line: UInt = #line) throws -> SafetyMatrixError? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("safety-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [CoachLocale: URL] = [:]
        for (each, url) in try SafetyMatrix.bundledFiles() {
            let original = try String(contentsOf: url, encoding: .utf8)
            let text = each == locale ? edit(original) : original
            if each == locale { XCTAssertNotEqual(text, original, "the edit changed \(url.lastPathComponent)", file: file, line: line) }
            let copy = folder.appendingPathComponent(url.lastPathComponent)
            try text.write(to: copy, atomically: true, encoding: .utf8)
            files[each] = copy
        }
        do {
            _ = try SafetyMatrix.load(files: files)
            XCTFail("the edited \(SafetyMatrix.fileName(locale)) still loads", file: file, line: line)
            return nil
        } catch let error as SafetyMatrixError {
            return error
        }
    }

    /// Fails unless loading, once `edit` has rewritten `locale`'s file, reports a parity problem
    /// in that file that mentions `fragment`.
    static func assertParityProblem(editing locale: CoachLocale, mentioning fragment: String,
                                    file: StaticString = #filePath, line: UInt = #line, _ edit: (String) -> String) throws {
        let error = try loadError(editing: locale, edit, file: file, line: line)
        guard case let .parity(problems) = error else {
            return XCTFail("expected a parity failure, got \(error.map(String.init(describing:)) ?? "none")", file: file, line: line)
        }
        XCTAssertTrue(problems.contains { $0.hasPrefix(SafetyMatrix.fileName(locale) + ":") && $0.contains(fragment) },
                      "\(problems)", file: file, line: line)
    }

    /// The text of a shipped file, for finding the line a test expects an error on.
    static func shippedText(_ locale: CoachLocale) throws -> String {
        guard let url = try SafetyMatrix.bundledFiles()[locale] else { throw CocoaError(.fileNoSuchFile) }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The 1-based line of the first line of `text` that contains `fragment`.
    static func line(of fragment: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(fragment) }.map { $0 + 1 }
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced; unchanged when there is none.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
