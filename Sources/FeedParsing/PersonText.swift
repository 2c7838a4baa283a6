/// Splits the free-form author strings of RSS (`me@example.com (Jane Doe)`, `Jane Doe
/// <me@example.com>`, `Jane Doe`) into a display name and an e-mail address.
enum PersonText {
    static func split(_ text: String) -> (name: String?, email: String?) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let emailWord = words.first(where: { $0.contains("@") && $0.contains(".") }) else {
            return (nonEmpty(text), nil)
        }
        let email = emailWord.trimmingASCII("<>()[]\"',;:")
        let rest = words.filter { $0 != emailWord }.joined(separator: " ")
        let name = rest.trimmingASCII("()<>[]\"',;-")
        return (nonEmpty(name), email.contains("@") ? email : nil)
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingASCII()
        return trimmed.isEmpty ? nil : trimmed
    }
}
