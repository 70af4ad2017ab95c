/// Every piece of help text the tool prints, in one place.
enum Usage {
    static let version = "0.1.0"

    static let overview = """
        OVERVIEW: gesturec compiles gesture rules (.gdl files) into checked tables

        USAGE: gesturec <command> [options] FILE...

        COMMANDS:
          build      Compile files to tables: Swift source, JSON or binary
          check      Parse and check files; print diagnostics only
          inspect    Print the tables of a compiled JSON or binary program
          simulate   Replay a touch trace over a scene and explain every decision
          verify     Compare what an app's recognizers did on a recording with the spec
          lint       Find conflicts, shadowed recognizers, latency and hazards
          diff       Say what a change to a spec does to behaviour
          test       Run gesture tests (.gdltest files): what a spec must do
          format     Lay out .gdl files in the one canonical way
          import     Draft a spec from an app's Swift and Objective-C sources
          lsp        Run the language server for editors (stdin and stdout)
          explain    Print what an id means: R53, Decision 5, GDL103, GDL202
          graph      Draw a gesture set's graph or a kind's state machine (DOT, Mermaid)
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
          --fix                         First apply the repairs the diagnostics propose
                                        (a misspelled name, a missing unit, UIKit's name)
                                        to the files named, then report what is left
          -h, --help                    Show this help

        Colour is used only when standard error is a terminal and NO_COLOR is unset.

        """

    static let build = """
        OVERVIEW: Compile .gdl files to gesture programs

        USAGE: gesturec build [options] FILE...

        Every gesture set of the files named (not of the files they import) is compiled,
        and all of them go into one output: a Swift file with one namespace per set, or
        one JSON or binary file holding one program per set. The same input always gives
        the same bytes.

        OPTIONS:
          --emit <form>                 'swift' (default), 'json' or 'binary'
          -o <path>                     Write to this file (default: standard output)
          --dump-tables                 Print the tables as text instead, as 'inspect' does
          --relative-to <dir>           Name the files under <dir> relative to it in the
                                        output, which then does not depend on where the
                                        package is (the build plugin passes its target)
          --all-errors                  Report every error (default: stop after \(defaultErrorLimit))
          --diagnostics-format <fmt>    'text' (default) or 'json'
          -h, --help                    Show this help

        """

    static let inspect = """
        OVERVIEW: Load a compiled program as the runtime does and print its tables

        USAGE: gesturec inspect PROGRAM

        PROGRAM is a file written by 'gesturec build --emit binary' or '--emit json'.
        A damaged or incompatible file prints why it cannot be loaded and exits 1.

        """

    static let simulate = """
        OVERVIEW: Replay a touch trace through the engine and print what happened

        USAGE: gesturec simulate SPEC --scene <scene> --trace <trace> [options]

        The scene lists view instances with frames; the trace lists touch events, hook
        changes, recognizers enabled or disabled, and interruptions (docs/traces.md), in
        JSON or in the readable text form. A scene and a trace may share one file: give
        it to --trace alone. The timeline
        shows every action, every touch phase a view receives, and every decision with
        its cause and the source location of the rule behind it.

        OPTIONS:
          --scene <file>                The scene; default: the trace file
          --trace <file>                The trace
          --until <seconds>             Run timers up to this time (default: the last
                                        event plus the longest timer of the spec)
          --format <fmt>                'text' (default), 'json', or 'html': one page that
                                        draws the run (lanes of states, the scene, a
                                        scrubber; docs/pictures.md)
          -o <path>                     Write to this file (default: standard output)
          --explain <recognizer>        Keep only that recognizer's entries
          --verbose                     Also show every reset (the page always has them)
          --set <name>                  The gesture set to run, when the file has several
          --all-errors                  Report every mistake of the scene and trace
                                        (default: stop after \(defaultErrorLimit))
          -h, --help                    Show this help

        """

    static let verify = """
        OVERVIEW: Replay a recording through a spec and compare with what the app did

        USAGE: gesturec verify RECORDING --spec SPEC [options]

        A recording holds a scene, the touches an app received, and what its own
        recognizers told their targets ('saw' lines), as the UIKit recorder writes it
        (docs/recording.md). The touches run through the spec's engine; every state one
        side reached and the other did not reach within the tolerance is a difference,
        located at the recording's line, with what the engine did with that recognizer
        until then.

        OPTIONS:
          --spec <file>                 The spec the app is held to
          --set <name>                  The gesture set, when the file has several
          --tolerance <seconds>         How far apart two times may be and still be one
                                        moment (default: 0.02: a timer fires on the app's
                                        run loop a frame or so after its deadline)
          --device <name|file>          The device the recording was made on, over the
                                        recording's own 'device' line
          --all-errors                  Report every mistake of the recording
                                        (default: stop after \(defaultErrorLimit))
          -h, --help                    Show this help

        Exit status: 0 no difference, 1 differences or a mistake in the spec or the
        recording, 2 usage or I/O errors.

        """

    static let graph = """
        OVERVIEW: Draw a gesture set, or a kind's state machine, for Graphviz or Mermaid

        USAGE: gesturec graph SPEC [--set <name>] [options]
               gesturec graph [SPEC] --kind <name> [options]

        A set's picture nests its view roles as clusters, with each recognizer inside
        its role, labelled with its kind, arguments and properties as written. Failure
        requirements are red arrows labelled with the longest wait they added over the
        linter's explored inputs (as 'lint --report latency' measures it); simultaneity
        groups are diamonds joined to their members; 'cannot prevent' lines are blue
        dashed arrows; hooks are dashed boxes with dotted arrows to the predicates that
        read them. A kind's picture shows its states ('possible' in bold, ends marked)
        and one arrow per pair of states, a line per row: events, guard, actions.
        Without SPEC, --kind draws a kind of the prelude.

        OPTIONS:
          --set <name>                  The gesture set to draw, when the file has several
          --kind <name>                 Draw this kind's state machine instead
          --format <fmt>                'dot' (default; 'dot -Tsvg' draws it) or 'mermaid'
          -o <path>                     Write to this file (default: standard output)
          -h, --help                    Show this help

        """

    static let explain = """
        OVERVIEW: Print what an id that gesturec prints means

        USAGE: gesturec explain ID

        ID is a rule of the semantics that the engine reproduces (R53), one of the
        project's decisions (Decision 5, or D5), a diagnostic (GDL103), a lint rule
        (GDL202, by id or name), a kind of change of 'gesturec diff' (action-moves), a
        control event of a timeline (touchUpOutside) or a device (iphone-14). The
        entries are those of docs/semantics.md, docs/diagnostics.md and
        docs/controls.md, and the lint rules' explanations with examples.

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

    static let lint = """
        OVERVIEW: Find problems in checked .gdl files before an app ships

        USAGE: gesturec lint [options] FILE...
               gesturec lint --pairs FILE...
               gesturec lint --explain ID

        Rules (GDL2xx) find requirements that never resolve, latency added by failure
        requirements, shadowed recognizers, one finger driving a simultaneous pair on
        nested views, kind tables with dead states or rows, hard-to-use gestures and
        thresholds too close to tell apart, scrolls stolen by a view inside them, pinches
        a pan blocks, taps an ancestor swallows. The linter runs the engine over every
        input an exploration finds on every view role (gestures of up to 2 fingers cut
        from the spec's own thresholds); conflicts come with a scene and trace that
        'gesturec simulate' replays. The checker's warnings are findings too. A comment
        '// lint off ID: reason' on the line before a finding (or at the end of its
        line) silences it. A spec with errors is not linted: its errors are printed as
        'check' prints them, and in JSON and SARIF output as findings, with exit 1.

        OPTIONS:
          --format <fmt>                'text' (default), 'json' (one object per line)
                                        or 'sarif' (SARIF 2.1.0)
          --diagnostics-format <fmt>    How errors go to standard error: 'text' or 'json'
          --strict                      Exit 1 on warnings too
          --disable <ids>               Rules not to run, by id or name, comma-separated
          --enable <ids>                Opt-in rules to run too (GDL202 latency-budget,
                                        GDL210 many-fingers-or-taps)
          --latency-budget <duration>   Warn when requirements add more delay than this
                                        (runs GDL202; 100ms when only enabled)
          --report latency              Also list every recognizer's measured delay
          --pairs                       Print, for every pair of recognizers that can see
                                        one touch, what the exploration showed: exclusive
                                        or together, who beats whom with the shortest
                                        input, and the margins between their thresholds
          --counterexample <dir>        Write each finding's scene, trace and timeline
                                        page (.html) into <dir>
          --scene <file>                Explore this scene's own layout (every place a
                                        touch can land) and check its views with real
                                        frames: targets, reachability, cover (GDL214-216)
          --set <name>                  The set the scene belongs to, when there are several
          --explain <id>                Print a rule's explanation, with examples
          -h, --help                    Show this help

        """

    static let diff = """
        OVERVIEW: Say what a change to a spec does to behaviour

        USAGE: gesturec diff OLD NEW [options]
               gesturec diff --git <rev> SPEC [options]

        Runs lint's probe inputs on every view role through both versions (sets,
        recognizers, roles and hooks matched by name) and reports every action that
        appears, disappears or moves in time, every touch phase a view now receives,
        loses or receives at another time, and recognizers added, removed or renamed;
        each with the probe as a scene and trace that both versions replay.

        OPTIONS:
          --git <rev>                   Compare SPEC as commit <rev> has it with the file
          --set <name>                  Compare this gesture set only
          --format <fmt>                'text' (default), 'json' (one object per line) or
                                        'sarif' (SARIF 2.1.0)
          --fail-on-change              Exit 1 when behaviour changed
          --counterexample <dir>        Write each change's scene and trace into <dir>
          --explain <kind>              Say what a kind of change means (action-moves, …)
          -h, --help                    Show this help

        """

    static let format = """
        OVERVIEW: Lay out .gdl files in the one canonical way

        USAGE: gesturec format [--check | --in-place] FILE...

        Only the space between tokens changes: tokens and comments stay, so a formatted
        file compiles to the same tables. Spacing and indentation (two spaces a level)
        are fixed; line breaks are the author's, runs of blank lines become one, and
        comments after code on consecutive lines are aligned. There are no options of
        style. A file with syntax errors is left as it is and its diagnostics printed.

        OPTIONS:
          --check                       Print nothing but the paths of the files that
                                        are not formatted; exit 1 if there are any
          --in-place                    Rewrite the files that are not formatted
                                        (whole or not at all)
          -h, --help                    Show this help

        Without an option, each file is printed formatted to standard output.
        Exit status: 0 formatted, 1 a file not formatted (--check) or with syntax
        errors, 2 usage or I/O errors.

        """

    static let lsp = """
        OVERVIEW: Run the Language Server Protocol server for .gdl files

        USAGE: gesturec lsp

        Speaks the protocol over standard input and output (JSON-RPC 2.0 with
        Content-Length framing), as an editor starts it: diagnostics on open, change and
        save (lint's on open and save), hover, go to definition, completion, document
        symbols, semantic tokens, formatting, rename and quick fixes. docs/editors.md
        says how to set up VS Code, Neovim and other editors.

        OPTIONS:
          -h, --help                    Show this help

        """

    static let test = """
        OVERVIEW: Run gesture tests: each a trace and what must happen (docs/testing.md)

        USAGE: gesturec test [PATH...] [options]

        Runs the tests of the .gdltest files named, and of those under the folders named
        (default: the current folder). A test file names its spec (default: the .gdl of
        the same name beside it), a scene, and tests: a trace in the text form of
        docs/traces.md with 'expect' lines. Each failing test is reported at its first
        expectation that does not hold, with what happened instead and the run; the
        last line counts what passed and failed.

        OPTIONS:
          --filter <text>               Run only the tests whose names contain <text>
          --format <fmt>                'text' (default) or 'junit' (XML for CI dashboards)
          -o <path>                     Write the JUnit report to this file
          --update                      Write the outcome into the failing expectations'
                                        times and values, saying each change
          --verbose                     Also list the tests that pass
          --coverage                    Say what the tests exercised: rows, timers,
                                        relations, predicates and hooks, and what not
          --lcov <file>                 Write the spec lines' coverage in lcov's format
          --generate <dir> SPEC         Write a suite of SPEC's set from lint's
                                        exploration into <dir>, a file per place
                                        (--set NAME, --scene SCENE as for lint)
          -h, --help                    Show this help

        Exit status: 0 every test passed, 1 a test failed or could not run, 2 usage or
        I/O errors.

        """

    static let `import` = """
        OVERVIEW: Draft a spec from an app's sources, or hold the code to a spec (docs/import.md)

        USAGE: gesturec import PATH... [-o SPEC] [--scene SCENE]
               gesturec import --check SPEC PATH...

        Reads the Swift and Objective-C files named, and those under the folders named
        (.swift, .m, .mm, .h), and writes a .gdl draft of the gestures they set up: a
        gesture set per type, with its recognizers, their settings, the views they are
        added to, failure requirements, the scroll views' own recognizers, controls,
        SwiftUI's gesture modifiers, and the delegate methods as predicates, hooks, or
        TODOs that quote the code. Each line
        of the draft says where it came from. A summary of what was translated, what
        became a hook or a TODO, and what was not understood goes to standard error.

        OPTIONS:
          -o <path>                     Write the draft to this file (default: standard
                                        output)
          --scene <scene>               Nest the draft's roles as this scene's views nest
                                        (a scene of docs/traces.md, recorded or written)
          --check <spec>                Write nothing; compare the code's recognizers,
                                        their kinds, literal settings and relations with
                                        the spec's, and print each difference
          -h, --help                    Show this help

        Exit status: 0 a draft written (or, with --check, the code and spec agree), 1
        differences or a spec with errors, 2 usage or I/O errors.

        """

    static let commands = [
        "build", "check", "inspect", "simulate", "verify", "lint", "diff", "test", "format", "import", "lsp", "graph", "explain",
        "prelude", "help",
    ]

    static func text(for command: String) -> String? {
        switch command {
        case "build": build
        case "check": check
        case "inspect": inspect
        case "simulate": simulate
        case "verify": verify
        case "lint": lint
        case "diff": diff
        case "format": format
        case "lsp": lsp
        case "test": test
        case "import": `import`
        case "graph": graph
        case "explain": explain
        case "prelude": prelude
        case "help": help
        default: nil
        }
    }
}
