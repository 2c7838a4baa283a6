/// Kinds of news events and the phrasings outlets use for them. Slots in braces are filled per
/// event: {country} {city} {demonym} {person} {person2} {org} {count} {count2} {pct} {mag} {money}.
/// Every event of a kind draws from the same phrasings, so two earthquakes (or two rate decisions)
/// on one day share most of their words, as in real news.
struct EventKind {
    let headlines: [String]
    let leads: [String]
    let details: [String]
    let followUps: [String]

    static let all: [EventKind] = [
        EventKind(
            headlines: ["Magnitude {mag} earthquake strikes {country}", "Strong quake hits near {city}", "{country} earthquake kills at least {count}",
                        "Rescuers search rubble after {country} quake"],
            leads: ["A magnitude {mag} earthquake struck near {city}, {country} on Saturday, killing at least {count} people, officials said.",
                    "At least {count} people died when a strong earthquake of magnitude {mag} hit {country}, damaging buildings in {city}."],
            details: ["Rescue teams were searching collapsed buildings in {city} through the night.",
                      "{person}, the head of the {demonym} disaster agency, said hospitals were overwhelmed.",
                      "The quake was felt hundreds of kilometres away and was followed by several aftershocks."],
            followUps: ["The death toll from the {country} earthquake rose to {count2} on Sunday, {person} said.",
                        "Aid began reaching survivors in {city} as the number of injured passed {count2}."]),
        EventKind(
            headlines: ["{country} votes in closely fought presidential election", "{person} leads early count in {country} election",
                        "{person} declared winner of {country} presidential vote", "Opposition disputes {country} election result"],
            leads: ["Voters in {country} went to the polls on Sunday in a presidential election pitting {person} against {person2}.",
                    "{person} took an early lead in {country}'s presidential election with {pct}% of votes counted, the electoral commission said."],
            details: ["Long queues formed outside polling stations in {city} before dawn.",
                      "{person2} said the opposition would challenge any irregularities in court.",
                      "Turnout was estimated at {pct}%, higher than at the last election."],
            followUps: ["The electoral commission declared {person} the winner with {pct}% of the vote.",
                        "{person2} rejected the result and called supporters to rally in {city}."]),
        EventKind(
            headlines: ["{demonym} central bank raises interest rate to {pct}%", "{country} holds key rate at {pct}% as inflation eases",
                        "Central bank of {country} surprises markets with rate move", "{person} defends {country} rate decision"],
            leads: ["The central bank of {country} raised its benchmark interest rate to {pct}% on Thursday, governor {person} said, citing stubborn inflation.",
                    "{country}'s monetary policy committee set the key rate at {pct}%, as governor {person} warned that inflation remained too high."],
            details: ["Analysts had expected the bank to keep rates unchanged.",
                      "The {demonym} currency strengthened after the announcement.",
                      "Governor {person} said the committee would act again if needed to bring inflation to target."],
            followUps: ["Banks in {country} raised lending rates after the central bank's move to {pct}%.",
                        "{person} told lawmakers the rate decision would cool inflation within a year."]),
        EventKind(
            headlines: ["{org} profit jumps as revenue beats forecasts", "{org} shares slide after weak results", "{org} reports record annual earnings",
                        "{org} to cut {count} jobs after profit falls"],
            leads: ["{org} reported a {pct}% rise in quarterly profit to {money} on Wednesday, chief executive {person} said.",
                    "Shares in {org} moved sharply after the {demonym} company reported revenue of {money}."],
            details: ["{person} said demand in {country} remained strong despite rising costs.",
                      "The company plans to expand its operations in {city} next year.",
                      "Investors had been concerned about the company's debt."],
            followUps: ["{org} said it would cut {count2} jobs as part of a restructuring plan.",
                        "Analysts raised their price targets for {org} after the results."]),
        EventKind(
            headlines: ["Workers at {org} go on strike over pay", "{country} transport strike paralyses {city}", "Union calls off {org} strike after talks",
                        "Thousands join {country} public sector strike"],
            leads: ["Thousands of workers at {org} walked out on Monday demanding a {pct}% pay rise, union leader {person} said.",
                    "A strike by {count} transport workers brought {city} to a standstill on Monday."],
            details: ["The union said talks with management had collapsed.",
                      "{person2}, a minister, urged workers to return to work.",
                      "Commuters in {city} faced long delays."],
            followUps: ["The strike at {org} ended after {person} accepted a {pct}% offer.",
                        "Talks between the union and {org} resumed in {city} on Wednesday."]),
        EventKind(
            headlines: ["Protesters clash with police in {city}", "Thousands march in {city} over fuel prices", "{country} protests spread to more cities",
                        "{person} calls for calm after {city} protests"],
            leads: ["Police fired tear gas at protesters in {city} on Saturday as thousands marched against rising fuel prices in {country}.",
                    "Thousands of demonstrators gathered in {city}, the {demonym} capital region, demanding the resignation of {person}."],
            details: ["Police said {count} people were arrested.",
                      "Shops in the centre of {city} remained closed.",
                      "{person2}, an opposition leader, said the protests would continue."],
            followUps: ["{person} announced a cut in fuel prices after {count2} people were arrested in {city} protests.",
                        "Protests in {country} entered a third day with marches in several cities."]),
        EventKind(
            headlines: ["{country} court overturns ban on {org}", "Judges rule against {country} government in land case", "{country} supreme court annuls law",
                        "Court orders release of {person}"],
            leads: ["The supreme court of {country} ruled on Tuesday that a government order against {org} was unconstitutional.",
                    "A court in {city} ordered the release of opposition figure {person}, saying the detention was unlawful."],
            details: ["Chief Justice {person2} read the unanimous judgment.",
                      "The government said it would study the ruling before deciding whether to appeal.",
                      "Lawyers for {person} welcomed the decision outside the court."],
            followUps: ["The {demonym} government said it would appeal the ruling on {org}.",
                        "{person} addressed supporters in {city} after the court decision."]),
        EventKind(
            headlines: ["{org} unveils new smartphone", "{org} launches AI assistant in {country}", "{org} opens {money} data centre in {city}",
                        "{org} cuts prices of its devices"],
            leads: ["{org} unveiled its latest smartphone in {city} on Wednesday, with chief executive {person} promising longer battery life.",
                    "{org} said it would invest {money} in a new data centre in {city}, {country}."],
            details: ["The device will go on sale next month.",
                      "{person} said the company expected strong demand in {country}.",
                      "Rivals have launched similar products this year."],
            followUps: ["Early reviews of the {org} device praised its camera.",
                        "{org} said pre-orders had passed {count2} in the first week."]),
        EventKind(
            headlines: ["Floods kill {count} in {country}", "Heavy rains submerge parts of {city}", "{country} declares emergency as floods spread",
                        "Thousands displaced by {country} floods"],
            leads: ["Floods after days of heavy rain killed at least {count} people in {country} and forced thousands from their homes around {city}.",
                    "Rivers burst their banks in {country}, submerging parts of {city} and killing {count} people, officials said."],
            details: ["Roads and bridges were washed away.",
                      "{person}, a government spokesperson, said relief camps had been opened.",
                      "Forecasters warned more rain was expected this week."],
            followUps: ["The flood death toll in {country} rose to {count2}, {person} said.",
                        "Aid agencies appealed for {money} to help flood victims around {city}."]),
        EventKind(
            headlines: ["Cyberattack disrupts {org} services", "{org} says customer data stolen in hack", "Hackers target {country} government websites",
                        "{org} restores systems after cyberattack"],
            leads: ["{org} said on Friday that a cyberattack had disrupted its services across {country}, affecting {count} customers.",
                    "Hackers broke into systems at {org} and stole customer data, the {demonym} company said."],
            details: ["{person}, the company's security chief, said the attack had been contained.",
                      "The national cyber agency of {country} said it was investigating.",
                      "Customers were advised to change their passwords."],
            followUps: ["{org} said most services had been restored after the cyberattack.",
                        "Police in {city} arrested a suspect in connection with the {org} hack."]),
    ]
}
