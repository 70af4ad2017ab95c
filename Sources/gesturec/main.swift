#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let limit = getenv("GESTUREC_MAX_FILE_SIZE").map { String(cString: $0) }
let tool = Tool(terminal: .process, fileSystem: FileSystem(maximumSize: FileSystem.maximumSize(environment: limit)))
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
