/// The version of the Coach and Insights prompts (contract §9.2): stamped on every Coach message,
/// recommendation feedback row and daily briefing, so helpful-rates can be sliced per prompt.
/// Bumped on every change to a system prompt; the app shows it only on a debug surface.
public enum PromptVersion {
    public static let current = "4.25.0"
}
