import Foundation

/// A tool's command line, read strictly: the flags and options the tool names, `--help`, and a
/// refusal of anything else. A mistyped `--split dve` must not quietly score the held-out part,
/// and `--help` must not start an hour-long benchmark.
public struct ToolArguments: Sendable {
    /// What an option accepts after it.
    public enum Value: Sendable {
        case text
        case integer
        case oneOf([String])
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case helpRequested
        case unknown(String)
        case missingValue(String)
        case invalidValue(option: String, value: String, expected: String)

        public var description: String {
            switch self {
            case .helpRequested: return "help requested"
            case .unknown(let argument): return "unknown argument \(argument)"
            case .missingValue(let option): return "\(option) needs a value"
            case .invalidValue(let option, let value, let expected): return "\(option) \(value): expected \(expected)"
            }
        }
    }

    private var flags: Set<String> = []
    private var values: [String: String] = [:]

    /// Reads `arguments` (without the program name).
    public init(_ arguments: [String], flags known: Set<String> = [], options: [String: Value] = [:]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { throw Problem.helpRequested }
            if known.contains(argument) {
                flags.insert(argument)
                continue
            }
            guard let kind = options[argument] else { throw Problem.unknown(argument) }
            guard let value = remaining.popFirst() else { throw Problem.missingValue(argument) }
            switch kind {
            case .text: break
            case .integer where Int(value).map({ $0 > 0 }) != true:
                throw Problem.invalidValue(option: argument, value: value, expected: "a positive whole number")
            case .oneOf(let allowed) where !allowed.contains(value):
                throw Problem.invalidValue(option: argument, value: value, expected: allowed.joined(separator: " or "))
            default: break
            }
            values[argument] = value
        }
    }

    /// Reads this process's command line; on `--help` prints `usage` and exits 0, on anything it
    /// does not know prints the problem and `usage` to standard error and exits 2.
    public static func parse(usage: String, flags: Set<String> = [], options: [String: Value] = [:]) -> ToolArguments {
        do {
            return try ToolArguments(Array(CommandLine.arguments.dropFirst()), flags: flags, options: options)
        } catch Problem.helpRequested {
            print(usage)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n\(usage)\n".utf8))
            exit(2)
        }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    public func value(of option: String) -> String? { values[option] }
}
