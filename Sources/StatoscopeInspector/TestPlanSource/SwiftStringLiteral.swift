/// Text written as Swift string literals, escaped so that the literal holds exactly the text's
/// Unicode scalars and reads safely in a source file.
enum SwiftStringLiteral {
    /// `"..."`, with quotes, backslashes and line breaks escaped, and every scalar that would not
    /// show as itself (controls, format characters, separators, combining marks, private-use and
    /// unassigned scalars) written as `\u{...}`: a combining mark after a quote would merge with it,
    /// and a bidirectional control would reorder what the reader sees.
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default:
                if showsAsItself(scalar) {
                    literal.unicodeScalars.append(scalar)
                } else {
                    literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            }
        }
        return literal + "\""
    }

    /// `#"..."#`, with as many `#` as it takes for nothing inside to end it: for JSON, which is
    /// ASCII here (see ``asciiJSON(_:)``) and reads better unescaped.
    static func raw(_ text: String) -> String {
        // A quote followed by n `#` would end a literal delimited by n of them, and a backslash
        // followed by n `#` would start an escape (`\#(` an interpolation) in it: use one more.
        var longest = 0
        var run: Int?
        for character in text {
            if character == "\"" || character == "\\" {
                run = 0
            } else if character == "#", let count = run {
                run = count + 1
                longest = max(longest, count + 1)
            } else {
                run = nil
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return "\(hashes)\"\(text)\"\(hashes)"
    }

    /// JSON text with every scalar outside printable ASCII written as a JSON `\u` escape (UTF-16,
    /// so a scalar beyond the first plane takes two): the literal then holds no line break and no
    /// character that shows as something else. Outside strings, JSON holds only ASCII, so escaping
    /// everywhere changes no value.
    static func asciiJSON(_ json: String) -> String {
        var text = ""
        for scalar in json.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value) {
                text.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: false)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return text
    }

    private static func showsAsItself(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x20...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse,
            .surrogate, .unassigned, .nonspacingMark, .spacingMark, .enclosingMark:
            return false
        default:
            return true
        }
    }
}
