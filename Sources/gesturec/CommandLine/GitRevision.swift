import GestureCompiler

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads files as they were at a git revision (`gesturec diff --git REV SPEC`), with
/// `git show COMMIT:./PATH` run in `directory`, so that a spec and everything it imports
/// come from the same commit. Output is bounded as files on disk are.
///
/// The revision comes from the user (a CI job may pass a pull request's branch name),
/// so it never reaches git where it could be read as an option: `resolve` turns it into
/// a commit id with `git rev-parse --verify --end-of-options`, and only that id, which
/// is hexadecimal, is ever part of another argument.
struct GitRevision: SourceLoader {
    /// The commit's full id, from `resolve`.
    var commit: String
    /// The revision as the user wrote it, for messages.
    var revision: String
    /// Where git runs; paths are relative to it.
    var directory = "."
    var maximumSize = FileSystem.defaultMaximumSize

    /// The revision's commit, or why git does not know it as one.
    static func resolve(_ revision: String, directory: String = ".") -> Result<GitRevision, SourceLoadError> {
        let arguments = ["git", "-C", directory, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]
        switch run(arguments, maximumSize: 1 << 10) {
        case .failure(let error):
            return .failure(error)
        case .success(let (status, output, _)):
            let id = String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            guard status == 0, id.count >= 40, id.allSatisfy(\.isHexDigit) else {
                return .failure(SourceLoadError(reason: "git knows no commit '\(revision)'"))
            }
            return .success(GitRevision(commit: id, revision: revision, directory: directory))
        }
    }

    func load(_ path: String) -> Result<[UInt8], SourceLoadError> {
        let object = "\(commit):" + (path.hasPrefix("/") ? path : "./" + path)
        switch Self.run(["git", "-C", directory, "show", "--end-of-options", object], maximumSize: maximumSize) {
        case .failure(let error):
            return .failure(error)
        case .success(let (status, output, errors)):
            guard status == 0 else {
                let reason = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
                return .failure(SourceLoadError(reason: "not at revision '\(revision)' (\(reason ?? "git exited \(status)"))"))
            }
            return .success(output)
        }
    }

    /// Runs a program found on the path, with no input, and collects its exit status,
    /// its standard output (at most `maximumSize` bytes) and its standard error.
    static func run(_ arguments: [String], maximumSize: Int) -> Result<(Int32, [UInt8], [UInt8]), SourceLoadError> {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { return .failure(SourceLoadError(reason: "cannot run \(arguments[0])")) }
        guard pipe(&errors) == 0 else {
            close(output[0])
            close(output[1])
            return .failure(SourceLoadError(reason: "cannot run \(arguments[0])"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var process = pid_t()
        let spawned = posix_spawnp(&process, arguments[0], &actions, nil, argv, environ)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return .failure(SourceLoadError(reason: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))"))
        }
        // Standard output first, bounded; git's error output is a line or two, which
        // the pipe holds meanwhile.
        let (stdout, tooLarge) = drain(output[0], limit: maximumSize)
        if tooLarge { kill(process, SIGTERM) }
        let (stderr, _) = drain(errors[0], limit: 1 << 16)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        if tooLarge { return .failure(SourceLoadError(reason: "larger than \(maximumSize) bytes")) }
        // The exit status, as the shell reports it: the code, or 128 + the signal.
        let exited = status & 0x7f == 0
        return .success((exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), stdout, stderr))
    }

    /// Reads a descriptor to its end, keeping at most `limit` bytes; whether it had more.
    private static func drain(_ descriptor: Int32, limit: Int) -> ([UInt8], Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return (bytes, false)
            }
            if count == 0 { return (bytes, false) }
            guard bytes.count + count <= limit else { return (bytes, true) }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }
}
