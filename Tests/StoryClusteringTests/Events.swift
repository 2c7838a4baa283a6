import StoryClustering

/// The scenarios the clustering tests replay, one event per group of articles.
enum Events {
    static let wireBody = """
    NAIROBI, Kenya (AP) — Kenya Airways pilots ended a four-day strike on Thursday after the Employment and Labour \
    Relations Court ordered them back to work, the airline said. The walkout by the Kenya Airline Pilots Association \
    grounded dozens of flights and stranded thousands of passengers at Jomo Kenyatta International Airport. The airline \
    said it expected to restore its full schedule by Saturday.
    """

    /// One Associated Press story as five outlets ran it: own headline, same copy, some trimmed.
    static func kenyaAirwaysWire(hoursAfterMorning hours: Double = 0) -> [ClusterArticle] {
        let trimmed = String(wireBody.prefix(while: { $0 != "." })) + "."
        return [
            Newsroom.article("wire-1", "apnews.com", hoursAfterMorning: hours, "Kenya Airways pilots end strike after court order", wireBody),
            Newsroom.article("wire-2", "nation.africa", hoursAfterMorning: hours + 0.2, "Kenya Airways pilots call off strike after court ruling", wireBody),
            Newsroom.article("wire-3", "abcnews.go.com", hoursAfterMorning: hours + 0.5, "Kenyan pilots end four-day strike", trimmed),
            Newsroom.article("wire-4", "usnews.com", hoursAfterMorning: hours + 0.9, "Kenya Airways strike ends as court orders pilots back to work",
                             wireBody.replacingOccurrences(of: "NAIROBI, Kenya (AP) — ", with: "")),
            Newsroom.article("wire-5", "independent.co.uk", hoursAfterMorning: hours + 1.4, "Pilots' strike at Kenya Airways ends", wireBody),
        ]
    }

    /// A developing disaster: first report, casualty count, next-day toll and storm, aid.
    static let haitiEarthquake = [
        Newsroom.article("haiti-1", "reuters.com", hoursAfterMorning: 0, "Powerful earthquake strikes southwestern Haiti", """
        A magnitude 7.2 earthquake struck southwestern Haiti on Saturday morning, the U.S. Geological Survey said, toppling \
        buildings in Les Cayes and sending residents running into the streets. The epicentre was about 12 kilometres \
        northeast of Saint-Louis-du-Sud. There was no immediate word on casualties.
        """),
        Newsroom.article("haiti-2", "apnews.com", hoursAfterMorning: 3, "Haiti earthquake kills at least 304 as rescuers search rubble", """
        At least 304 people were killed when a magnitude 7.2 earthquake hit southwestern Haiti on Saturday, the country's \
        civil protection agency said. Hospitals in Les Cayes and Jérémie were overwhelmed with injured people, and Prime \
        Minister Ariel Henry declared a month-long state of emergency.
        """),
        Newsroom.article("haiti-3", "bbc.co.uk", hoursAfterMorning: 10, "Haiti quake death toll climbs to 1,297 as storm approaches", """
        The death toll from Saturday's earthquake in Haiti rose to 1,297 as rescuers dug through collapsed homes in Les \
        Cayes, and forecasters warned that Tropical Storm Grace could bring heavy rain to the quake zone by Monday. Prime \
        Minister Ariel Henry said aid would be distributed quickly.
        """),
        Newsroom.article("haiti-4", "aljazeera.com", hoursAfterMorning: 21, "Aid begins reaching Haiti's earthquake survivors", """
        Aid trucks reached Les Cayes on Sunday carrying food, water and medical supplies for survivors of Saturday's \
        earthquake in southwestern Haiti, as Tropical Storm Grace approached. The civil protection agency said more than \
        5,700 people were injured and 1,297 killed.
        """),
    ]

    /// Another earthquake the same day, worded much like the first.
    static let japanEarthquake = [
        Newsroom.article("japan-1", "kyodonews.net", hoursAfterMorning: 1, "Strong earthquake shakes northeastern Japan; no tsunami warning", """
        A magnitude 6.1 earthquake shook Miyagi prefecture in northeastern Japan on Saturday, the Japan Meteorological \
        Agency said. No tsunami warning was issued and there were no immediate reports of damage, though bullet train \
        services were briefly suspended.
        """),
        Newsroom.article("japan-2", "japantimes.co.jp", hoursAfterMorning: 2, "Quake rattles Miyagi, halting bullet trains", """
        Bullet trains were halted and buildings swayed in Sendai after a magnitude 6.1 earthquake struck off Miyagi \
        prefecture on Saturday. The Japan Meteorological Agency said there was no risk of a tsunami.
        """),
    ]

    static let bankOfEngland = [
        Newsroom.article("boe-1", "reuters.com", hoursAfterMorning: 4, "Bank of England raises interest rates to 5.25%", """
        The Bank of England raised interest rates by a quarter of a percentage point to 5.25% on Thursday, its 14th \
        increase in a row, as it tries to bring down stubbornly high inflation. Governor Andrew Bailey said the Monetary \
        Policy Committee would keep rates high for as long as necessary.
        """),
        Newsroom.article("boe-2", "bbc.co.uk", hoursAfterMorning: 5, "UK interest rates hit 15-year high", """
        Borrowing costs in the UK rose to their highest level in 15 years after the Bank of England lifted its key rate \
        to 5.25%. Andrew Bailey said inflation was falling but remained far above the 2% target.
        """),
        Newsroom.article("boe-3", "ft.com", hoursAfterMorning: 7, "Mortgage holders brace for higher costs after Bank of England move", """
        Lenders began raising mortgage rates on Thursday after the Bank of England increased its base rate to 5.25%. \
        Andrew Bailey said households would feel the squeeze but that inflation had to come down.
        """),
    ]

    /// A central-bank decision elsewhere on the same day: same vocabulary, different country and numbers.
    static let reserveBankOfIndia = [
        Newsroom.article("rbi-1", "reuters.com", hoursAfterMorning: 3, "Reserve Bank of India keeps repo rate unchanged at 6.5%", """
        The Reserve Bank of India kept its key repo rate unchanged at 6.5% on Thursday, as expected, while warning that \
        rising vegetable prices would push inflation higher. Governor Shaktikanta Das said the Monetary Policy Committee \
        voted unanimously to hold rates.
        """),
        Newsroom.article("rbi-2", "livemint.com", hoursAfterMorning: 4.5, "RBI holds rates, raises inflation forecast", """
        India's central bank left its benchmark interest rate at 6.5% for a third straight meeting and raised its \
        inflation forecast for the year to 5.4%. Shaktikanta Das said the bank remained focused on bringing inflation \
        back to its 4% target.
        """),
    ]

    /// Two early reports that do not look alike (the blast; the smoke over nearby towns), then an
    /// article that ties them together.
    static let botlekExplosion = Newsroom.article("botlek-1", "nos.nl", hoursAfterMorning: 0, "Explosion at chemical plant in Botlek port area", """
    An explosion tore through a chemical plant in the Botlek industrial area on Tuesday morning, the port authority said. \
    Firefighters were battling a large blaze at the site and two workers were taken to hospital with burns.
    """)
    static let spijkenisseSmoke = Newsroom.article("smoke-1", "rijnmond.nl", hoursAfterMorning: 1, "Residents of Spijkenisse told to keep windows shut over smoke", """
    Residents of Spijkenisse and Hoogvliet were told to stay indoors and keep windows and doors closed on Tuesday as a \
    thick black smoke cloud drifted over their neighbourhoods. The regional safety authority sent an alert to mobile \
    phones and said air measurements were under way.
    """)
    static let botlekWrapUp = Newsroom.article("botlek-2", "dutchnews.nl", hoursAfterMorning: 2,
                                               "Botlek chemical plant explosion sends smoke over Spijkenisse and Hoogvliet", """
    A thick black smoke cloud from the explosion and blaze at a chemical plant in the Botlek industrial area drifted over \
    Spijkenisse and Hoogvliet on Tuesday, and the regional safety authority told residents to stay indoors and keep \
    windows closed. The port authority said firefighters were battling the fire and two workers were taken to hospital \
    with burns. Air measurements were under way.
    """)
}
