import Foundation
import NewsText

/// Silver "other" labels for AG News World items: world hard news that belongs on no desk
/// (natural disasters, weather, accidents, crime), chosen by keyword, not by a person.
///
/// Why: without them the subject model never sees a quake or a plane crash as "other"; the
/// few it sees sit in AG Sci/Tech (quake science) and Business (insured hurricane losses), so a
/// feed's earthquake report was filed under tech. AG World as a whole is not usable (it mixes
/// politics with wars and crime), so only these World items get the label:
/// - the headline names a natural disaster and no politics word (the body may: quake reports
///   name the government's response, troops sent to help, nuclear plants checked), or
/// - headline + description name a disaster, accident or crime word and no politics word.
/// These labels are SILVER (unchecked, some wrong) and are used for training only: held-out
/// World items keep no subject.
public enum SilverOtherLabels {
    /// The one disaster list (`NewsText.NaturalDisasters`), plus "drought", which the silver labels
    /// have always counted.
    public static let naturalDisasterWords: Set<String> = NaturalDisasters.words.union(["drought"])

    /// Natural disasters, weather, accidents and ordinary crime.
    public static let otherWords: Set<String> = naturalDisasterWords.union([
        "crash", "crashes", "crashed", "derailed", "derailment", "collision", "capsized", "sank", "shipwreck",
        "ferry", "miners", "mine", "blaze", "stampede", "accident", "accidents", "rescuers", "survivors",
        "murder", "murdered", "murders", "murderer", "manslaughter", "robbery", "robbers", "stabbed", "stabbing",
        "killer", "homicide", "rape", "kidnapper", "smuggling",
    ])

    /// Words of politics, government, war and terrorism: an item naming any of them is left out.
    public static let politicsWords: Set<String> = [
        "election", "elections", "elected", "president", "presidential", "minister", "ministers", "parliament",
        "parliamentary", "senate", "congress", "vote", "votes", "voted", "government", "governments", "party",
        "opposition", "troops", "rebel", "rebels", "insurgent", "insurgents", "militant", "militants", "war",
        "bomb", "bombs", "bombing", "bomber", "suicide", "attack", "attacks", "hostage", "hostages", "terror",
        "terrorist", "terrorists", "terrorism", "coup", "genocide", "nuclear", "talks", "peace", "sanctions",
        "soldier", "soldiers", "army", "military", "militia", "policy", "law", "cleric", "diplomat", "embassy",
        "politics", "political", "polls", "voting", "lawmakers", "gov",
    ]

    /// Whether an AG World item gets the silver `other` label (whole lower-cased words).
    public static func isWorldHardNewsOther(headline: String, description: String) -> Bool {
        let headlineWords = words(headline)
        guard headlineWords.isDisjoint(with: politicsWords) else { return false }
        if !headlineWords.isDisjoint(with: naturalDisasterWords) { return true }
        let allWords = headlineWords.union(words(description))
        return !allWords.isDisjoint(with: otherWords) && allWords.isDisjoint(with: politicsWords)
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
    }
}
