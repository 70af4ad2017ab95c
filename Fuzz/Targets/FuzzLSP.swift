// libFuzzer target: the language server's input, as bytes from an editor. The input is
// a stream of framed messages (the reader must frame it or refuse it, bounded), each
// handed to a copy of a server that has been initialized and has a document open, so
// that requests meet one (opening it, with lint, is done once, not per input). Every
// message the server writes must be JSON its own reader accepts; a crash or a hang is
// a bug.

import GestureCompiler
import GestureDSL
import GestureLanguageService
import GestureRuntime

// Read only, by the one thread libFuzzer runs inputs on.
nonisolated(unsafe) private let openedServer: LanguageServer = {
    var server = LanguageServer(loader: InMemorySourceLoader([:]), preludePath: "/prelude.gdl")
    for body in opening { _ = server.handle(body) }
    return server
}()

private let opening: [[UInt8]] = [
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f.gdl","version":1,"text":"gestures A {\n  view window { view photo }\n  hook h\n  recognizer t = tap(taps: 2) on photo { shouldBegin: h }\n  recognizer p = pan on window\n  t requires p to fail\n}\n"}}}"#,
].map { Array($0.utf8) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Handed over in chunks whose size the first byte picks, as a pipe would cut them.
    let chunk = 1 + Int(bytes.first ?? 0) % 64
    var offset = 0
    var reader = MessageReader {
        guard offset < bytes.count else { return nil }
        defer { offset += chunk }
        return Array(bytes[offset..<min(offset + chunk, bytes.count)])
    }
    var server = openedServer
    var bodies: [[UInt8]] = []
    while true {
        do throws(MessageReader.FramingError) {
            guard let body = try reader.next() else { break }
            bodies.append(body)
        } catch {
            break
        }
    }
    for body in bodies {
        for message in server.handle(body) {
            do throws(ProgramError) {
                _ = try JSONValue.parse(message.bytes, maximumDepth: 64)
            } catch {
                preconditionFailure("the server wrote JSON its reader refuses: \(error)")
            }
        }
        if server.exitStatus != nil { break }
    }
    return 0
}
