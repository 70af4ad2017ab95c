#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let tool = Tool(terminal: .process, fileSystem: FileSystem())
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
