/// Every piece of help text the tool prints, in one place.
enum Usage {
    static let version = "0.1.0"

    static let overview = """
        OVERVIEW: gesturec compiles gesture rules (.gdl files) into checked tables

        USAGE: gesturec <command> [options] FILE...

        COMMANDS:
          check      Parse and check files; print diagnostics only
          prelude    Print the standard kinds (tap, pan, pinch, ...) as .gdl source
          help       Show help for a command

        OPTIONS:
          -h, --help     Show this help
          --version      Show the version

        See 'gesturec help <command>' for a command's options.
        Exit status: 0 success, 1 errors in the input, 2 usage or I/O errors.

        """

    static let check = """
        OVERVIEW: Parse and check .gdl files and everything they import

        USAGE: gesturec check [options] FILE...

        Diagnostics go to standard error, as 'path:line:col: error: message [ID]' followed
        by the source line and a caret, or as one JSON document.

        OPTIONS:
          --all-errors                  Report every error (default: stop after \(defaultErrorLimit))
          --diagnostics-format <fmt>    'text' (default) or 'json'
          -h, --help                    Show this help

        Colour is used only when standard error is a terminal and NO_COLOR is unset.

        """

    static let prelude = """
        OVERVIEW: Print the prelude: the standard recognizer kinds, written in .gdl

        USAGE: gesturec prelude

        """

    static let help = """
        OVERVIEW: Show help for a command

        USAGE: gesturec help [<command>]

        """

    static let defaultErrorLimit = 20

    static let commands = ["check", "prelude", "help"]

    static func text(for command: String) -> String? {
        switch command {
        case "check": check
        case "prelude": prelude
        case "help": help
        default: nil
        }
    }
}
