import CoachSafety
import XCTest

final class OutboundGuardTests: XCTestCase {
    private static let guardrail = Result { try OutboundGuard.loadBundled() }

    /// Model sentences that give a dose, a change, a schedule or an amount, in six languages.
    func testDoseSentencesAreCaughtInSixLanguages() throws {
        try assertEach([
            "You could increase your Mounjaro to 7.5 mg next week.",
            "Take 0.25 mg of Ozempic once a week.",
            "Skip this week's injection and restart on Sunday.",
            "It's best to inject your Wegovy on Monday instead.",
            "Du kannst die Dosis auf 5 mg erhöhen.",
            "Lass die Spritze diese Woche aus.",
            "Vous pouvez passer à 1 mg de sémaglutide.",
            "Sautez l'injection cette semaine.",
            "Puedes subir el Ozempic a 1 mg.",
            "Sáltate la inyección esta semana.",
            "Puoi aumentare la dose di Mounjaro a 10 mg.",
            "Salta la puntura questa settimana.",
            "Możesz zwiększyć dawkę Wegovy do 2,4 mg.",
            "Pomiń zastrzyk w tym tygodniu.",
            "Take 400 mg of ibuprofen every six hours.",
        ], give: .glp1DoseRefusal)
    }

    /// Model sentences that state a drug level, peak, half-life or wear-off, for GLP-1s and other drugs.
    func testDrugLevelSentencesAreCaughtInSixLanguages() throws {
        try assertEach([
            "Your semaglutide level peaks about three days after the injection.",
            "Tirzepatide has a half-life of about five days.",
            "Ibuprofen wears off after about six hours.",
            "Die Halbwertszeit von Semaglutid beträgt etwa eine Woche.",
            "Dein Mounjaro-Spiegel ist am Mittwoch am höchsten.",
            "La concentration de tirzépatide atteint son pic après 24 heures.",
            "La vida media de la semaglutida es de unos 7 días.",
            "Il livello di Ozempic nel sangue raggiunge il picco dopo 2 giorni.",
            "Okres półtrwania semaglutydu wynosi około tygodnia.",
        ], give: .drugLevelRefusal)
    }

    /// The user's own log quoted in the past, health metrics, and refusals pass.
    func testOwnLogReportsAndRefusalsPass() throws {
        try assertEach([
            "You logged 5 mg on 3 October.",
            "Du hast am 3. Oktober 5 mg eingetragen.",
            "Vous avez enregistré 5 mg le 3 octobre.",
            "Registraste 5 mg el 3 de octubre.",
            "Hai registrato 5 mg il 3 ottobre.",
            "Zapisałeś 5 mg 3 października.",
            "Your heart rate peaked at 165 during the run.",
            "On your injection days you walked 8,200 steps on average.",
            "I can't estimate drug levels; the Research Mode chart is a display-only view.",
            "A good night's sleep may help your energy level.",
        ], give: nil)
    }

    private func assertEach(_ sentences: [String], give expected: GroundRule?, line: UInt = #line) throws {
        let guardrail = try Self.guardrail.get()
        for sentence in sentences {
            XCTAssertEqual(guardrail.check(sentence), expected, sentence, line: line)
        }
    }

    func testEightConsecutivePromptWordsAreALeak() throws {
        let guardrail = try Self.guardrail.get()
        let prompt = "You are HealthLog's Coach. Never recommend, change or schedule a GLP-1 dose; defer to the prescribing clinician in one short sentence."
        XCTAssertTrue(guardrail.leaksPrompt("Sure! NEVER recommend change or schedule a glp 1 dose, that's my rule.", systemPrompt: prompt))
        XCTAssertTrue(guardrail.leaksPrompt("My notes say: defer to the prescribing clinician in one short sentence.", systemPrompt: prompt))
        XCTAssertFalse(guardrail.leaksPrompt("I defer to the prescribing clinician in one reply.", systemPrompt: prompt),
                       "seven words in a row are not a leak")
        XCTAssertFalse(guardrail.leaksPrompt("Your steps went up this week.", systemPrompt: prompt))
    }
}
