import Foundation

/// The command line shared by the executables: `<service> serve [options]` runs the server
/// (also the default with no subcommand); services add their own subcommands.
public enum ServiceCommand {
    public typealias Subcommand = (summary: String, run: @Sendable ([String]) async -> Int32)

    public static func main(_ service: some Service, extra: [String: Subcommand] = [:],
                            arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        let name = arguments.first ?? "serve"
        let rest = Array(arguments.dropFirst())
        switch name {
        case "serve":
            return await ServiceRunner.serve(service, arguments: rest)
        case _ where name.hasPrefix("--") && name != "--help":
            return await ServiceRunner.serve(service, arguments: arguments)
        case "help", "--help", "-h":
            print(usage(service, extra: extra))
            return 0
        default:
            if let command = extra[name] { return await command.run(rest) }
            FileHandle.standardError.write(Data("unknown command \(name)\n\n\(usage(service, extra: extra))\n".utf8))
            return 64
        }
    }

    private static func usage(_ service: some Service, extra: [String: Subcommand]) -> String {
        var text = "\(service.name) \(service.version)\n\nusage:\n  \(service.name) serve [options]   run the API server\n"
        for (name, command) in extra.sorted(by: { $0.key < $1.key }) {
            text += "  \(service.name) \(name)   \(command.summary)\n"
        }
        return text + "\n" + ServiceOptions.usage
    }
}
