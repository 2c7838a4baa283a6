/// Prompt injections named by their words (`InjectionShape.swift` reads them by shape).
extension GateRules {
    /// True when any sentence overrides the instructions ("ignore your rules", "disregard the
    /// above"), asks for the prompt ("print your system prompt", "repeat the text above"), sets
    /// up a role-play or jailbreak, writes a chat-template role marker, or asks to decode an
    /// encoding ("decode this base64").
    /// Instructions named with the assistant's earlier context ("the instructions you received
    /// before this chat") are the prompt, whatever verb asks for them (copy, translate, list). A
    /// claim of authority over the assistant (a system message, the app team, "my doctor
    /// authorised you") with a permission granted or a restriction lifted ("admin rights",
    /// "restrictions are lifted") is an injection too, anywhere in the message.
    var isInjection: Bool {
        let authority = sentences.contains { $0.has(.authorityClaim) }
        let permission = sentences.contains { $0.has(.permissionGrant) }
        return (authority && permission) || sentences.contains { sentence in
            let prompt = sentence.hasAny([.promptNoun, .aboveReference])
                || (sentence.has(.instructionNoun) && sentence.has(.priorContext))
            return (sentence.has(.overrideVerb) && sentence.hasAny([.instructionNoun, .promptNoun, .aboveReference]))
                || (sentence.has(.revealVerb) && prompt)
                || sentence.has(.rolePlay) || sentence.roleMarkers > 0
                || (sentence.has(.decodeVerb) && sentence.has(.encodingWord))
        }
    }
}
