/// A word of a command line the tool prints for the user to run (a replay command):
/// as it is when the shell would read it back unchanged, otherwise in single quotes,
/// so a path with a space, a `;` or a `$` replays as the path it is.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "_-./:=@%+,".unicodeScalars.contains(scalar)
            }
        if plain { return word }
        return "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// Every `target` replaced, without Foundation.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
