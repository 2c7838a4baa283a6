import CoachSafety
@testable import CoachResponder
import Foundation
import XCTest

/// The English family of questions, asked in German, French, Spanish, Italian and Polish the way
/// people type them (colloquial and formal, typos, no diacritics), answered from the same
/// fixture: the user's figure in the locale's number format, one reflective question, no cause.
final class LocalizedResponderTests: XCTestCase {
    /// One locale's questions and the words its answers must never use.
    struct Phrasebook {
        let locale: CoachLocale
        /// A question about the user's data and fragments its answer must contain.
        let data: [(String, [String])]
        /// Ways to ask how to log a skipped injection (one with the adjective after the noun).
        let howtoSkipped: [String]
        let sleepTip: String
        let offTopic: String
        let missingHRV: String
        /// Causal claims (rule 12), pressure (rule 4) and chastising (rule 14), lower-cased.
        let forbidden: [String]
        /// One question per class of wording the fresh sets showed missing, and how it must read:
        /// the log's history, counts over months and the last logged dose, a dose marked as missed
        /// (no how-to cue), correcting an entry, tips on drinking, eating and exercise, and weight
        /// asked as "how much have I lost".
        let readings: [(String, Question)]
    }

    static let phrasebooks: [Phrasebook] = [
        Phrasebook(locale: .de, data: [
            ("Wie viele Schritte habe ich an Spritzentagen gemacht?", ["9000 Schritte", "6000 Schritte"]),
            ("wieviele schrite an spritzentagen", ["9000", "6000"]),
            ("Hat mein Gewicht abgenommen, seit ich mit Mounjaro angefangen habe?", ["Mounjaro", "−4,", "84 kg"]),
            ("Wie war mein Blutdruck abends letzte Woche?", ["128/82"]),
            ("wie war mein blutdruk morgens letzte woche", ["118/76"]),
            ("Welche Dosis habe ich im Oktober eingetragen?", ["Mounjaro 2,5 mg", "Mounjaro 5 mg"]),
            ("Wann habe ich zuletzt Mounjaro gespritzt?", ["15. November"]),
            ("Wie habe ich letzte Woche geschlafen?", ["7,5 Std."]),
            ("Wie viele Dosen habe ich letzten Monat ausgelassen?", [": 0."]),
            ("Wie war meine Stimmung diesen Monat?", ["4 von 5"]),
            ("An wie vielen Tagen hatte ich letzten Monat über 8000 Schritte?", ["an 4 von 31 Tagen"]),
            ("Was war mein bester Tag bei den Schritten diesen Monat?", ["9000 Schritte am 15. November"]),
            ("Wie viele Tage am Stück hatte ich mindestens 6.000 Schritte?", [": 120 (vom 22. Juli"]),
            ("Wie viele Schritte hatte ich am Sonntag?", ["9000 Schritte", "am 15. November"]),
            ("Wie war mein Gewicht am 12.?", ["84,3 kg", "am 12. November"]),
            ("Wie viele Trainings hatte ich letzte Woche?", ["1, insgesamt 30 Minuten", "Laufen (1×, 30 min)"]),
        ], howtoSkipped: ["Wie trage ich eine ausgelassene Spritze ein?", "wo kann ich eine vergessene dosis eintragen"],
        sleepTip: "Hast du Tipps, damit ich besser schlafe?", offTopic: "Wer hat gestern das Spiel gewonnen?",
        missingHRV: "Wie war meine Herzfrequenzvariabilität letzte Woche?",
        forbidden: ["verursacht", "liegt an", "wegen der spritze", "führt zu", "musst", "müssen sie", "vergessen", "hättest"],
        readings: [
            ("Zeig mir meine Spritzenhistorie für September", .medicationLog("doses", Period(.month, number: 9))),
            ("Wie viele Spritzen habe ich in den letzten 3 Monaten eingetragen?", .medicationLog("doses", .recentDays(90))),
            ("Wann habe ich meine letzte Mounjaro-Spritze eingetragen?", .medicationLog("last_taken", Period(.unspecified))),
            ("Habe ich letzten Monat eine Dosis als ausgelassen markiert?", .medicationLog("skipped", Period(.lastMonth))),
            ("Ich habe die falsche Dosis eingetragen, wie korrigiere ich das?", .howto("edit_medication")),
            ("Wie viel Wasser sollte ich bei der Arbeit trinken?", .tip("hydration")),
            ("Was soll ich zum Frühstück essen, damit ich satt bleibe?", .tip("weight")),
            ("Hast du Ideen für ein kurzes Krafttraining zu Hause?", .tip("activity")),
            ("Wie viel habe ich in den letzten 3 Monaten abgenommen?", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("An wie vielen Tagen hatte ich letzten Monat über 8000 Schritte?", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000))),
            ("Was war mein bester Tag bei den Schritten diesen Monat?", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true))),
            ("Wie viele Tage am Stück hatte ich mindestens 6.000 Schritte?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000))),
            ("Wie viele Spritzen habe ich eingetragen, seit ich mit Mounjaro angefangen habe?", .medicationLog("doses", Period(.sinceStart))),
            ("Wann war meine erste Spritze?", .medicationLog("first_taken", Period(.unspecified))),
            ("Wie viele Schritte hatte ich am Sonntag?", .metric(.steps, Period(.weekday, number: 7), timeOfDay: nil, comparison: nil)),
            ("Wie war mein Gewicht am 12.?", .metric(.weight, Period(.dayOfMonth, number: 12), timeOfDay: nil, comparison: nil)),
            ("Was war mein niedrigstes Gewicht, seit ich mit Mounjaro angefangen habe?", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false))),
            ("Ich habe aus Versehen eine Dosis eingetragen", .howto("log_entry")),
            ("Wie viele Trainings hatte ich letzte Woche?", .workouts(nil, Period(.lastWeek))),
            ("Wie viele Minuten bin ich im Oktober gejoggt?", .workouts("running", Period(.month, number: 10))),
            ("Gibt es Lücken über 8 Tage zwischen meinen Spritzen?", .medicationLog("gaps", Period(.unspecified))),
            ("Wie regelmäßig schlafe ich?", .metric(.sleep, Period(.unspecified), timeOfDay: nil, comparison: nil)),
        ]),

        Phrasebook(locale: .fr, data: [
            ("Combien de pas ai-je faits les jours d'injection ?", ["9000 pas", "6000 pas"]),
            ("combien de pas jai fait les jours dinjection", ["9000", "6000"]),
            ("Est-ce que mon poids a baissé depuis que j'ai commencé Mounjaro ?", ["Mounjaro", "−4,", "84 kg"]),
            ("Quelle était ma tension le soir la semaine dernière ?", ["128/82"]),
            ("c'était comment ma tesnion le matin la semaine derniere", ["118/76"]),
            ("Quelle dose ai-je enregistrée en octobre ?", ["Mounjaro 2,5 mg", "Mounjaro 5 mg"]),
            ("Quand ai-je pris ma dernière dose de Mounjaro ?", ["15 novembre"]),
            ("Comment j'ai dormi la semaine dernière ?", ["7,5 h"]),
            ("Combien de doses ai-je sautées le mois dernier ?", [": 0."]),
            ("Comment était mon humeur ce mois-ci ?", ["4 sur 5"]),
            ("Combien de jours ai-je fait plus de 8000 pas le mois dernier ?", ["sur 4 de vos 31 jours"]),
            ("Quel a été mon meilleur jour de pas ce mois-ci ?", ["9000 pas le 15 novembre"]),
            ("Combien de jours d'affilée avec au moins 6 000 pas ?", ["était de 120"]),
            ("Combien de pas ai-je faits dimanche ?", ["9000 pas", "15 novembre"]),
            ("Quel était mon poids le 12 ?", ["84,3 kg", "12 novembre"]),
            ("Combien de séances d'entraînement la semaine dernière ?", ["1, 30 minutes au total", "course à pied (1×, 30 min)"]),
        ], howtoSkipped: ["Comment enregistrer une injection sautée ?", "comment je fais pour noter une dose oubliee"],
        sleepTip: "Vous avez des conseils pour mieux dormir ?", offTopic: "Quel temps fera-t-il demain à Paris ?",
        missingHRV: "Quelle était ma variabilité de la fréquence cardiaque la semaine dernière ?",
        forbidden: ["à cause de", "causé par", "est dû", "provoqué par", "vous devez", "il faut", "oublié", "auriez dû"],
        readings: [
            ("Montre-moi l'historique de mes injections en septembre", .medicationLog("doses", Period(.month, number: 9))),
            ("Combien d'injections ai-je enregistrées ces 3 derniers mois ?", .medicationLog("doses", .recentDays(90))),
            ("Quand ai-je noté ma dernière injection de Mounjaro ?", .medicationLog("last_taken", Period(.unspecified))),
            ("Ai-je marqué une dose comme oubliée le mois dernier ?", .medicationLog("skipped", Period(.lastMonth))),
            ("J'ai saisi la mauvaise dose hier, comment corriger l'entrée ?", .howto("edit_medication")),
            ("Combien d'eau devrais-je boire au travail ?", .tip("hydration")),
            ("Que manger au petit-déjeuner pour tenir jusqu'à midi ?", .tip("weight")),
            ("Des idées de programme de renforcement à la maison ?", .tip("activity")),
            ("Combien ai-je perdu ces 3 derniers mois ?", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("Combien de jours ai-je fait plus de 8000 pas le mois dernier ?", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000))),
            ("Quel a été mon meilleur jour de pas ce mois-ci ?", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true))),
            ("Combien de jours d'affilée avec au moins 6 000 pas ?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000))),
            ("Combien d'injections ai-je enregistrées depuis que j'ai commencé ?", .medicationLog("doses", Period(.sinceStart))),
            ("C'était quand ma première injection ?", .medicationLog("first_taken", Period(.unspecified))),
            ("Combien de pas ai-je faits dimanche ?", .metric(.steps, Period(.weekday, number: 7), timeOfDay: nil, comparison: nil)),
            ("Quel était mon poids le 12 ?", .metric(.weight, Period(.dayOfMonth, number: 12), timeOfDay: nil, comparison: nil)),
            ("Quel a été mon poids le plus bas depuis que j'ai commencé Mounjaro ?", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false))),
            ("J'ai enregistré une dose par erreur", .howto("log_entry")),
            ("Combien de séances d'entraînement la semaine dernière ?", .workouts(nil, Period(.lastWeek))),
            ("Combien de minutes de course à pied en octobre ?", .workouts("running", Period(.month, number: 10))),
            ("Des trous de plus de 8 jours entre mes injections ?", .medicationLog("gaps", Period(.unspecified))),
            ("Des trous dans mon sommeil ?", .metric(.sleep, Period(.unspecified), timeOfDay: nil, comparison: nil)),
        ]),

        Phrasebook(locale: .es, data: [
            ("¿Cuántos pasos di los días de inyección?", ["9000 pasos", "6000 pasos"]),
            ("cuantos pasos di los dias de inyecion", ["9000", "6000"]),
            ("¿Ha bajado mi peso desde que empecé con Mounjaro?", ["Mounjaro", "−4,", "84 kg"]),
            ("¿Cómo estuvo mi presión arterial por la noche la semana pasada?", ["128/82"]),
            ("como estuvo mi presion por la manana la semana pasda", ["118/76"]),
            ("¿Qué dosis registré en octubre?", ["Mounjaro 2,5 mg", "Mounjaro 5 mg"]),
            ("¿Cuándo fue mi última dosis de Mounjaro?", ["15 de noviembre"]),
            ("¿Cómo dormí la semana pasada?", ["7,5 h"]),
            ("¿Cuántas dosis me salté el mes pasado?", [": 0."]),
            ("¿Qué tal mi estado de ánimo este mes?", ["4 de 5"]),
            ("¿Qué dosis registré en julio?", ["en julio"]),
            ("¿Cuántos días hice más de 8000 pasos el mes pasado?", ["en 4 de tus 31 días"]),
            ("¿Cuál fue mi mejor día de pasos este mes?", ["9000 pasos el 15 de noviembre"]),
            ("¿Cuántos días seguidos con al menos 6000 pasos?", ["fue de 120"]),
            ("¿Cuántos pasos di el domingo?", ["9000 pasos", "15 de noviembre"]),
            ("¿Cuál era mi peso el día 12?", ["84,3 kg", "12 de noviembre"]),
            ("¿Cuántos entrenamientos hice la semana pasada?", ["1, 30 minutos en total", "carrera (1×, 30 min)"]),
        ], howtoSkipped: ["¿Cómo registro una inyección omitida?", "donde puedo marcar una dosis como saltada"],
        sleepTip: "¿Algún consejo para dormir mejor?", offTopic: "¿Quién ganó el partido de ayer?",
        missingHRV: "¿Cómo estuvo mi variabilidad de la frecuencia cardíaca la semana pasada?",
        forbidden: ["debido a", "causado por", "por culpa de", "se debe a", "debes", "tienes que", "olvidaste", "deberías"],
        readings: [
            ("Muéstrame el historial de inyecciones de septiembre", .medicationLog("doses", Period(.month, number: 9))),
            ("¿Cuántas inyecciones registré en los últimos 3 meses?", .medicationLog("doses", .recentDays(90))),
            ("¿Cuándo registré mi última inyección de Mounjaro?", .medicationLog("last_taken", Period(.unspecified))),
            ("¿Marqué alguna dosis como omitida el mes pasado?", .medicationLog("skipped", Period(.lastMonth))),
            ("Me equivoqué de fecha en una inyección, ¿cómo corregir el registro?", .howto("edit_medication")),
            ("¿Cuánta agua debería beber en el trabajo?", .tip("hydration")),
            ("¿Qué comer en el desayuno para aguantar hasta mediodía?", .tip("weight")),
            ("Dame ideas para una rutina de fuerza en casa", .tip("activity")),
            ("¿Cuánto he bajado en los últimos 3 meses?", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("¿Cuántos días hice más de 8000 pasos el mes pasado?", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000))),
            ("¿Cuál fue mi mejor día de pasos este mes?", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true))),
            ("¿Cuántos días seguidos con al menos 6000 pasos?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000))),
            ("¿Cuántas inyecciones he registrado desde que empecé?", .medicationLog("doses", Period(.sinceStart))),
            ("¿Cuándo fue mi primera inyección?", .medicationLog("first_taken", Period(.unspecified))),
            ("¿Cuántos pasos di el domingo?", .metric(.steps, Period(.weekday, number: 7), timeOfDay: nil, comparison: nil)),
            ("¿Cuál era mi peso el día 12?", .metric(.weight, Period(.dayOfMonth, number: 12), timeOfDay: nil, comparison: nil)),
            ("¿Cuál fue mi peso mínimo desde que empecé con Mounjaro?", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false))),
            ("Registré una dosis por error", .howto("log_entry")),
            ("¿Cuántos entrenamientos hice la semana pasada?", .workouts(nil, Period(.lastWeek))),
            ("¿Cuántos minutos corrí en octubre?", .workouts("running", Period(.month, number: 10))),
            ("¿Hay huecos de más de 8 días entre mis pinchazos?", .medicationLog("gaps", Period(.unspecified))),
            ("¿Hay huecos en mis pasos?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: nil)),
        ]),

        Phrasebook(locale: .it, data: [
            ("Quanti passi ho fatto nei giorni dell'iniezione?", ["9000 passi", "6000 passi"]),
            ("quanti pasi ho fatto nei giorni dell iniezione", ["9000", "6000"]),
            ("Il mio peso è sceso da quando ho iniziato Mounjaro?", ["Mounjaro", "−4,", "84 kg"]),
            ("Com'era la mia pressione la sera la settimana scorsa?", ["128/82"]),
            ("com era la mia presione di mattina la settimana scorsa", ["118/76"]),
            ("Che dose ho registrato a ottobre?", ["Mounjaro 2,5 mg", "Mounjaro 5 mg"]),
            ("Quando ho fatto l'ultima iniezione di Mounjaro?", ["15 novembre"]),
            ("Come ho dormito la settimana scorsa?", ["7,5 ore"]),
            ("Quante dosi ho saltato il mese scorso?", [": 0."]),
            ("Com'è stato il mio umore questo mese?", ["4 su 5"]),
            ("In quanti giorni ho fatto più di 8000 passi il mese scorso?", ["in 4 dei tuoi 31 giorni"]),
            ("Qual è stato il mio miglior giorno di passi questo mese?", ["9000 passi il giorno 15 novembre"]),
            ("Quanti giorni di fila con almeno 6000 passi?", ["è stata di 120"]),
            ("Quanti passi ho fatto domenica?", ["9000 passi", "15 novembre"]),
            ("Qual era il mio peso il 12?", ["84,3 kg", "12 novembre"]),
            ("Quanti allenamenti ho fatto la settimana scorsa?", ["1, 30 minuti in tutto", "corsa (1×, 30 min)"]),
        ], howtoSkipped: ["Come registro un'iniezione saltata?", "come faccio a segnare una dose saltata"],
        sleepTip: "Hai qualche consiglio per dormire meglio?", offTopic: "Chi ha vinto la partita ieri sera?",
        missingHRV: "Com'era la mia variabilità della frequenza cardiaca la settimana scorsa?",
        forbidden: ["causato da", "a causa di", "dovuto a", "è colpa", "devi", "bisogna", "dimenticato", "avresti dovuto"],
        readings: [
            ("Mostrami lo storico delle iniezioni di settembre", .medicationLog("doses", Period(.month, number: 9))),
            ("Quante iniezioni ho registrato negli ultimi 3 mesi?", .medicationLog("doses", .recentDays(90))),
            ("Quando ho registrato la mia ultima iniezione di Mounjaro?", .medicationLog("last_taken", Period(.unspecified))),
            ("Ho segnato una dose come saltata il mese scorso?", .medicationLog("skipped", Period(.lastMonth))),
            ("Ho sbagliato la data di un'iniezione, come correggere la voce?", .howto("edit_medication")),
            ("Quanta acqua dovrei bere al lavoro?", .tip("hydration")),
            ("Cosa mangiare a colazione per arrivare a pranzo?", .tip("weight")),
            ("Idee per una routine di stretching a casa?", .tip("activity")),
            ("Quanto ho perso negli ultimi 3 mesi?", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("In quanti giorni ho fatto più di 8000 passi il mese scorso?", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000))),
            ("Qual è stato il mio miglior giorno di passi questo mese?", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true))),
            ("Quanti giorni di fila con almeno 6000 passi?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000))),
            ("Quante iniezioni ho registrato da quando ho iniziato?", .medicationLog("doses", Period(.sinceStart))),
            ("Quando ho fatto la prima iniezione?", .medicationLog("first_taken", Period(.unspecified))),
            ("Quanti passi ho fatto domenica?", .metric(.steps, Period(.weekday, number: 7), timeOfDay: nil, comparison: nil)),
            ("Qual era il mio peso il 12?", .metric(.weight, Period(.dayOfMonth, number: 12), timeOfDay: nil, comparison: nil)),
            ("Qual è stato il mio peso minimo da quando ho iniziato Mounjaro?", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false))),
            ("Ho registrato una dose per errore", .howto("log_entry")),
            ("Quanti allenamenti ho fatto la settimana scorsa?", .workouts(nil, Period(.lastWeek))),
            ("Quanti minuti di corsa a ottobre?", .workouts("running", Period(.month, number: 10))),
            ("Ci sono buchi di più di 8 giorni tra le mie iniezioni?", .medicationLog("gaps", Period(.unspecified))),
            ("Ci sono buchi nei miei passi?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: nil)),
        ]),

        Phrasebook(locale: .pl, data: [
            ("Ile kroków zrobiłem w dni zastrzyku?", ["9000 kroków", "6000 kroków"]),
            ("ile krokow zrobilam w dni zastrzyku", ["9000", "6000"]),
            ("Czy moja waga spadła, odkąd zaczęłam brać Mounjaro?", ["Mounjaro", "−4,", "84 kg"]),
            ("Jakie było moje ciśnienie wieczorem w zeszłym tygodniu?", ["128/82"]),
            ("jakie bylo moje cisnienei rano w ubieglym tygodniu", ["118/76"]),
            ("Jaką dawkę zapisałem w październiku?", ["Mounjaro 2,5 mg", "Mounjaro 5 mg"]),
            ("Kiedy ostatnio wziąłem Mounjaro?", ["15 listopada"]),
            ("Jak spałam w zeszłym tygodniu?", ["7,5 godz."]),
            ("Ile dawek pominąłem w zeszłym miesiącu?", [": 0."]),
            ("Jaki był mój nastrój w tym miesiącu?", ["4 na 5"]),
            ("Ile dni zrobiłam ponad 8000 kroków w zeszłym miesiącu?", [": 4 z 31"]),
            ("Jaki był mój najlepszy dzień kroków w tym miesiącu?", ["9000 kroków, 15 listopada"]),
            ("Ile dni z rzędu miałam co najmniej 6 000 kroków?", [": 120, od 22 lipca"]),
            ("Ile kroków zrobiłam w niedzielę?", ["9000 kroków", "15 listopada"]),
            ("Jaka była moja waga 12 listopada?", ["84,3 kg", "12 listopada"]),
            ("Ile treningów miałam w zeszłym tygodniu?", ["1, łącznie 30 minut", "bieganie (1×, 30 min)"]),
        ], howtoSkipped: ["Jak zapisać pominięty zastrzyk?", "jak oznaczyc dawke jako pominieta"],
        sleepTip: "Masz jakieś rady, jak lepiej spać?", offTopic: "Kto wygrał wczorajszy mecz?",
        missingHRV: "Jaka była moja zmienność rytmu serca w zeszłym tygodniu?",
        forbidden: ["spowodowane przez", "z powodu", "wynika z", "musisz", "powinieneś", "powinnaś", "zapomniał"],
        readings: [
            ("Pokaż historię zastrzyków z września", .medicationLog("doses", Period(.month, number: 9))),
            ("Ile zastrzyków zapisałam w ostatnich 3 miesiącach?", .medicationLog("doses", .recentDays(90))),
            ("Kiedy zapisałem ostatni zastrzyk Mounjaro?", .medicationLog("last_taken", Period(.unspecified))),
            ("Czy oznaczyłam jakąś dawkę jako pominiętą w zeszłym miesiącu?", .medicationLog("skipped", Period(.lastMonth))),
            ("Wpisałam złą dawkę, jak poprawić wpis?", .howto("edit_medication")),
            ("Ile wody powinnam pić w pracy?", .tip("hydration")),
            ("Co jeść na śniadanie, żeby wytrzymać do obiadu?", .tip("weight")),
            ("Masz pomysły na trening siłowy w domu?", .tip("activity")),
            ("Ile schudłam w ostatnich 3 miesiącach?", .metric(.weight, .recentDays(90), timeOfDay: nil, comparison: nil)),
            ("Ile dni zrobiłam ponad 8000 kroków w zeszłym miesiącu?", .metric(.steps, Period(.lastMonth), timeOfDay: nil, comparison: .daysAtLeast(8000))),
            ("Jaki był mój najlepszy dzień kroków w tym miesiącu?", .metric(.steps, Period(.thisMonth), timeOfDay: nil, comparison: .record(highest: true))),
            ("Ile dni z rzędu miałam co najmniej 6 000 kroków?", .metric(.steps, Period(.unspecified), timeOfDay: nil, comparison: .streak(6000))),
            ("Ile zastrzyków zapisałam, odkąd zaczęłam?", .medicationLog("doses", Period(.sinceStart))),
            ("Kiedy był mój pierwszy zastrzyk?", .medicationLog("first_taken", Period(.unspecified))),
            ("Ile kroków zrobiłam w niedzielę?", .metric(.steps, Period(.weekday, number: 7), timeOfDay: nil, comparison: nil)),
            ("Jaka była moja waga 12 listopada?", .metric(.weight, Period(.dayOfMonth, number: 12, month: 11), timeOfDay: nil, comparison: nil)),
            ("Jaka była moja najniższa waga, odkąd zaczęłam Mounjaro?", .metric(.weight, Period(.sinceStart), timeOfDay: nil, comparison: .record(highest: false))),
            ("Zapisałam dawkę przez pomyłkę", .howto("log_entry")),
            ("Ile treningów miałam w zeszłym tygodniu?", .workouts(nil, Period(.lastWeek))),
            ("Ile minut biegałam w październiku?", .workouts("running", Period(.month, number: 10))),
            ("Czy mam dziury w dzienniku zastrzyków?", .medicationLog("gaps", Period(.unspecified))),
            ("Czy są dziury w danych snu?", .metric(.sleep, Period(.unspecified), timeOfDay: nil, comparison: nil)),
        ]),
    ]

    private func questions(_ answer: CoachAnswer) -> Int {
        answer.sentences.filter { $0.hasSuffix("?") }.count
    }

    func testEachLocaleAnswersWithTheUsersFigures() throws {
        for book in Self.phrasebooks {
            for (question, expected) in book.data {
                let (read, answer) = try ResponderFixture.read(question, locale: book.locale)
                XCTAssertNotEqual(read, .unknown, "\(book.locale): \(question)")
                for fragment in expected { XCTAssertTrue(answer.text.contains(fragment), "\(book.locale): \(question) → \(answer.text)") }
                XCTAssertEqual(questions(answer), 1, "rule 5, \(book.locale): \(question) → \(answer.text)")
                XCTAssertFalse(answer.text.contains("{"), "unfilled placeholder: \(answer.text)")
                for word in book.forbidden { XCTAssertFalse(answer.text.lowercased().contains(word), "\(book.locale): \(answer.text)") }
                for row in answer.evidence { XCTAssertFalse(row.label.contains("_") || row.label.contains("{"), "rule 8: \(row.label)") }
            }
        }
    }

    /// Each class of wording reads as its intent and is answered, not pivoted (the fixture has
    /// every metric, log entry and topic these ask about).
    func testEachLocaleReadsTheLogHowToAndTipClasses() throws {
        for book in Self.phrasebooks {
            let pivot = try ResponderLanguage.load(book.locale).sentence("pivot")
            for (question, expected) in book.readings {
                let (read, answer) = try ResponderFixture.read(question, locale: book.locale)
                XCTAssertEqual(read, expected, "\(book.locale): \(question)")
                XCTAssertFalse(answer.sentences.contains(pivot), "\(book.locale): \(question) → \(answer.text)")
            }
        }
    }

    func testComparisonsSayPatternNotCause() throws {
        for book in Self.phrasebooks {
            let language = try ResponderLanguage.load(book.locale)
            let (_, injection) = try ResponderFixture.read(book.data[0].0, locale: book.locale)
            XCTAssertTrue(injection.sentences.contains(language.sentence("correlation_note")), "rule 12: \(injection.text)")
            XCTAssertEqual(injection.evidence.count, 2, injection.text)
            let (_, since) = try ResponderFixture.read(book.data[2].0, locale: book.locale)
            XCTAssertTrue(since.sentences.contains(language.sentence("trend_note")), "rule 12: \(since.text)")
        }
    }

    func testHowToTipsAndOffTopicQuestions() throws {
        for book in Self.phrasebooks {
            let language = try ResponderLanguage.load(book.locale)
            for question in book.howtoSkipped {
                let (read, answer) = try ResponderFixture.read(question, locale: book.locale)
                XCTAssertEqual(read, .howto("log_skipped"), "\(book.locale): \(question)")
                XCTAssertEqual(questions(answer), 0, answer.text)
            }
            let (tip, tipAnswer) = try ResponderFixture.read(book.sleepTip, locale: book.locale)
            XCTAssertEqual(tip, .tip("sleep"), "\(book.locale): \(book.sleepTip)")
            XCTAssertEqual(tipAnswer.sentences.first, language.templates.tips["sleep"])
            XCTAssertEqual(questions(tipAnswer), 1, tipAnswer.text)
            let (offTopic, pivot) = try ResponderFixture.read(book.offTopic, locale: book.locale)
            XCTAssertEqual(offTopic, .unknown, "\(book.locale): \(book.offTopic)")
            XCTAssertEqual(pivot.sentences, [language.sentence("pivot")], "rule 3: a pivot to what it can show")
            XCTAssertTrue(pivot.evidence.isEmpty)
        }
    }

    /// The example questions of each pivot are ones the responder answers with data.
    func testThePivotsExamplesAreAnswerable() throws {
        for locale in [CoachLocale.en] + Self.phrasebooks.map(\.locale) {
            let pivot = try ResponderLanguage.load(locale).sentence("pivot")
            let examples = pivot.split(whereSeparator: { "„“”«»\"".contains($0) }).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            XCTAssertEqual(examples.count, 2, "\(locale): \(pivot)")
            for example in examples {
                guard case .metric = try ResponderFixture.read(example, locale: locale).0 else { return XCTFail("\(locale): \(example)") }
            }
        }
    }

    func testMissingDataPivotsWithoutChastising() throws {
        for book in Self.phrasebooks {
            let language = try ResponderLanguage.load(book.locale)
            let (read, answer) = try ResponderFixture.read(book.missingHRV, locale: book.locale)
            XCTAssertEqual(read, .metric(.hrv, Period(.lastWeek), timeOfDay: nil, comparison: nil), "\(book.locale): \(book.missingHRV)")
            XCTAssertTrue(answer.text.contains(language.templates.metricNames["steps"] ?? "-"), "rule 3: \(answer.text)")
            for word in book.forbidden { XCTAssertFalse(answer.text.lowercased().contains(word), "rule 14: \(answer.text)") }
        }
    }

    /// Every sentence the responder can say, in every locale, keeps to rules 4, 12 and 14.
    func testNoTemplatePressesBlamesOrClaimsACause() throws {
        for book in Self.phrasebooks {
            let templates = try ResponderLanguage.load(book.locale).templates
            let texts = Array(templates.sentences.values) + Array(templates.howto.values) + Array(templates.tips.values)
                + templates.reflections.values.flatMap { $0 }
            for text in texts {
                for word in book.forbidden { XCTAssertFalse(text.lowercased().contains(word), "\(book.locale): \(text)") }
            }
        }
    }

    func testEveryLocaleFileHasTheEnglishKeysAndPlaceholders() throws {
        let english = try ResponderLanguage.load(.en)
        let englishPaths = try keyPaths(.en)
        XCTAssertEqual(Set(Self.phrasebooks.map(\.locale)), Set(CoachLocale.allCases).subtracting([.en]), "a phrasebook per locale")
        for locale in Self.phrasebooks.map(\.locale) {
            XCTAssertEqual(try keyPaths(locale).subtracting(["templates.monthNamesInDates"]), englishPaths, "\(locale)")
            let language = try ResponderLanguage.load(locale)
            XCTAssertEqual(language.locale, locale.rawValue)
            XCTAssertEqual(language.decimalSeparator, ",")
            let vocabulary = language.vocabulary
            XCTAssertEqual(vocabulary.months.count, 12)
            XCTAssertEqual(language.templates.monthNames.count, 12)
            XCTAssertEqual(language.templates.monthNamesInDates?.count ?? 12, 12)
            let tables: [[String: [String]]] = [vocabulary.metrics, vocabulary.periods, vocabulary.timesOfDay, vocabulary.comparisons,
                                                vocabulary.medicationLog, vocabulary.howto, vocabulary.tips]
            let lists: [[String]] = tables.flatMap { Array($0.values) } + vocabulary.months
                + [vocabulary.howtoCues, vocabulary.tipCues, vocabulary.greetings, vocabulary.thanks]
            for phrase in lists.joined() {
                let pattern = PhraseMatcher.pattern(phrase)
                XCTAssertFalse(pattern.isEmpty || pattern.contains(""), "\(locale): «\(phrase)»")
            }
            for (group, englishGroup, localGroup) in [("sentences", english.templates.sentences, language.templates.sentences),
                                                      ("periodNames", english.templates.periodNames, language.templates.periodNames),
                                                      ("evidenceLabels", english.templates.evidenceLabels, language.templates.evidenceLabels),
                                                      ("howto", english.templates.howto, language.templates.howto),
                                                      ("tips", english.templates.tips, language.templates.tips)] {
                for (key, template) in englishGroup {
                    XCTAssertEqual(try placeholders(localGroup[key] ?? ""), try placeholders(template), "\(locale) \(group).\(key)")
                }
            }
            for (key, questions) in language.templates.reflections {
                XCTAssertFalse(questions.isEmpty, "\(locale) reflections.\(key)")
                for question in questions { XCTAssertTrue(question.hasSuffix("?") && question.filter { $0 == "?" }.count == 1, question) }
            }
        }
    }

    /// The dotted paths of every object key in a locale's file (arrays are leaves).
    private func keyPaths(_ locale: CoachLocale) throws -> Set<String> {
        let url = try XCTUnwrap(ResponderLanguage.fileURL(locale))
        func paths(_ value: Any, _ prefix: String) -> Set<String> {
            guard let object = value as? [String: Any] else { return [] }
            return object.reduce(into: Set<String>()) { found, entry in
                let path = prefix.isEmpty ? entry.key : prefix + "." + entry.key
                found.insert(path)
                found.formUnion(paths(entry.value, path))
            }
        }
        return paths(try JSONSerialization.jsonObject(with: Data(contentsOf: url)), "")
    }

    private func placeholders(_ template: String) throws -> Set<String> {
        Set(template.matches(of: try Regex("\\{[a-z_]+\\}")).map { String(template[$0.range]) })
    }
}
