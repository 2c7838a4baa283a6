/// How each HTML element shapes plain text, looked up once per element.
enum HTMLElementRole {
    /// Code, media fallback or page chrome: never article text.
    case ignoredSubtree
    /// A block boundary: one line break, or a paragraph (a blank line).
    case lineBreak, paragraph
    /// Table cells separate words, so "a</td><td>b" does not read "ab".
    case cell
    case image
    case inline

    static func of(_ name: String) -> HTMLElementRole {
        roles[name] ?? .inline
    }

    private static let roles: [String: HTMLElementRole] = {
        var roles: [String: HTMLElementRole] = ["img": .image, "td": .cell, "th": .cell]
        for name in ["script", "style", "noscript", "iframe", "template", "head", "svg", "math", "canvas", "audio",
                     "video", "select", "textarea", "map"] {
            roles[name] = .ignoredSubtree
        }
        for name in ["p", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "table", "figure",
                     "hr", "address"] {
            roles[name] = .paragraph
        }
        for name in ["br", "div", "li", "tr", "dt", "dd", "section", "article", "header", "footer", "aside", "nav", "main",
                     "figcaption", "caption", "body", "center", "details", "summary", "form", "fieldset", "legend"] {
            roles[name] = .lineBreak
        }
        return roles
    }()
}
