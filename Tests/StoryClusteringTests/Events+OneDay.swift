import StoryClustering

/// Pairs of events of one day that an eighth reader's audit (2026-11-30) saw merged: two
/// central banks' cuts written alike, one company's results and its fine, and one country's
/// investment news and landslide.
extension Events {
    /// "Cuts … by 25 basis points to N%": different banks, countries and rates.
    static let chileAndKoreaRateCuts = [
        Newsroom.article("kr-cut-1", "wire.example", hoursAfterMorning: 0, "Bank of Korea cuts base rate by 25 basis points to 2.25%", """
        SEOUL (Wire) - The Bank of Korea cut its base rate by 25 basis points to 2.25% on Monday to support an economy \
        hit by weak exports, with one board member voting to hold.
        """),
        Newsroom.article("kr-cut-2", "ledger.example", hoursAfterMorning: 0.5, "BOK trims base rate to 2.25% to support exports", """
        The Bank of Korea lowered its base rate by a quarter point to 2.25% on Monday. One of the seven members of its \
        monetary policy board dissented.
        """),
        Newsroom.article("cl-cut-1", "wire.example", hoursAfterMorning: 1, "Chile's central bank cuts key rate by 25 basis points to 4.25%", """
        SANTIAGO (Wire) - Chile's central bank cut its benchmark interest rate by 25 basis points to 4.25% on Monday, in \
        a unanimous decision, as annual inflation slowed to 3.6%. The board said further cuts would depend on the peso.
        """),
        Newsroom.article("cl-cut-2", "mesetapost.example", hoursAfterMorning: 1.6, "Chile lowers interest rate to 4.25%", """
        Chile's central bank cut interest rates by 25 basis points to 4.25% on Monday, citing slowing inflation of 3.6%.
        """),
    ]

    /// The company, its cloud business and its customers in both; results in one, a fine in the other.
    static let resultsAndFine = [
        Newsroom.article("bw-results-1", "wire.example", hoursAfterMorning: 0, "Brightwater Systems revenue rises 17% to $11.3 billion on AI cloud demand", """
        NEW YORK (Wire) - Brightwater Systems said on Monday its third-quarter revenue rose 17% to $11.3 billion, driven \
        by demand for its AI cloud services. Chief executive Priya Nandakumar said customers were moving AI workloads \
        into production.
        """),
        Newsroom.article("bw-results-2", "bitfield.example", hoursAfterMorning: 1, "Brightwater's cloud arm drives record quarter", """
        Brightwater's cloud business brought in $5.1 billion in the July-September quarter, helping the company to record \
        revenue of $11.3 billion. Priya Nandakumar, the chief executive, said AI inference was growing fastest.
        """),
        Newsroom.article("bw-fine-1", "hartwell.example", hoursAfterMorning: 10, "EU fines Brightwater €1.1bn over cloud software licensing", """
        The European Commission has fined Brightwater Systems €1.1bn for making it more expensive for customers to run its \
        software on rival cloud services, a breach of EU competition law. Brightwater said it would appeal.
        """),
        Newsroom.article("bw-fine-2", "bitfield.example", hoursAfterMorning: 10.5, "Brussels hits Brightwater with €1.1 billion antitrust fine", """
        EU regulators fined Brightwater Systems €1.1 billion on Monday, finding that its licensing terms penalised \
        customers who ran its database software on competing clouds. The company said it would appeal.
        """),
    ]

    /// A tenth audit: the wire's "to buy" report and its fine report of one day joined through the
    /// company's name; "buy" now names a takeover (`EventKind.acquisition`), "fines" a penalty.
    static let takeoverAndFine = [
        Newsroom.article("cv-buy-1", "halyard.example", hoursAfterMorning: 0, "Corvane Pharma to buy Meridel Bio for $4.8 billion", """
        NEW YORK (Halyard) - Corvane Pharma agreed on Monday to buy San Diego-based obesity drug developer Meridel Bio for         $4.8 billion, or $52 a share, in cash.
        """),
        Newsroom.article("cv-buy-2", "zenith-markets.example", hoursAfterMorning: 0.5, "Corvane agrees $4.8bn Meridel takeover", """
        Corvane Pharma will pay $52 a share in cash for Meridel Bio, valuing the obesity drug developer at $4.8bn, the         companies said on Monday.
        """),
        Newsroom.article("cv-fine-1", "halyard.example", hoursAfterMorning: 7, "US regulator fines Corvane Pharma $310 million over inhaler patents", """
        WASHINGTON (Halyard) - The Federal Trade Commission fined Corvane Pharma $310 million on Monday for improperly         listing patents on its asthma inhalers to delay cheaper generic versions.
        """),
        Newsroom.article("cv-fine-2", "zenith-markets.example", hoursAfterMorning: 7.3, "FTC hits Corvane with $310m penalty", """
        The Federal Trade Commission imposed a $310m penalty on Corvane Pharma over patent listings that kept generic         inhalers off the market.
        """),
    ]

    /// A twelfth audit: a market fire and a teachers' strike in Hargeisa (here Erigavo), a city the gazetteer
    /// does not know, joined as sharing two names (the city and Somaliland). Written after "in",
    /// the city is a place (`ArticleVector.isLocated`), and places count as one name.
    static let hargeisaDay = [
        Newsroom.article("hg-fire-1", "lanternfield.example", hoursAfterMorning: 0, "Fire at Erigavo market kills seven", """
        ERIGAVO (LNA) - A fire that swept through the Sayid market in central Erigavo overnight killed seven people and         destroyed about 400 stalls, Somaliland's fire service said on Tuesday. An electrical fault is suspected.
        """),
        Newsroom.article("hg-fire-2", "horntribune.example", hoursAfterMorning: 0.5, "Seven dead as blaze guts Sayid market", """
        Seven people, among them two night watchmen, were killed when fire tore through Sayid market in the early hours.         Traders said around 400 stalls selling clothes and electronics were reduced to ash.
        """),
        Newsroom.article("hg-strike-1", "lanternfield.example", hoursAfterMorning: 1.5, "Somaliland teachers walk out over unpaid wages", """
        ERIGAVO (LNA) - Public school teachers across Somaliland went on strike on Tuesday over four months of unpaid         salaries, closing schools in Erigavo and Burao, the Somaliland National Teachers' Union said.
        """),
        Newsroom.article("hg-strike-2", "horntribune.example", hoursAfterMorning: 2, "Schools shut as teachers' union begins indefinite strike", """
        Classrooms in Erigavo and Burao were empty on Tuesday as members of the Somaliland National Teachers' Union began         an indefinite strike. Union leader Abdiqani Ducaale said teachers had not been paid for four months.
        """),
    ]

    /// A fourteenth audit: a miners' strike and a market fire in Kitwe (here Luanshya), a town the gazetteer does not
    /// know, joined as sharing the town and Zambia: the strike is a kind of event (`EventKind.strike`),
    /// and "the Zambian city of Kitwe" locates the town.
    static let kitweDay = [
        Newsroom.article("kw-strike-1", "sahel.example", hoursAfterMorning: 0, "Luanshya miners down tools over pay at Kafue Red Metals", """
        About 3,500 workers at Kafue Red Metals' Nkana West shaft in Luanshya stopped work on Monday, demanding a 25% pay \
        rise, the Mineworkers Union of Zambia said.
        """),
        Newsroom.article("kw-strike-2", "meridian.example", hoursAfterMorning: 0.3, "Zambian copper miners strike at Luanshya shaft, union seeks 25% raise", """
        LUSAKA (Meridian) - Copper miners at Kafue Red Metals walked out at the Nkana West shaft in Luanshya on Monday, \
        the union said, after talks on a 25% wage rise broke down.
        """),
        Newsroom.article("kw-fire-1", "nbs.example", hoursAfterMorning: 0.5, "Fire destroys hundreds of stalls at Luanshya's Chisokone market", """
        A fire swept through Chisokone market in the Zambian city of Luanshya overnight, destroying about 300 stalls. \
        Fire officials said the cause was not yet known.
        """),
        Newsroom.article("kw-fire-2", "sahel.example", hoursAfterMorning: 0.8, "Blaze guts Chisokone market as traders count their losses", """
        Traders at Luanshya's main Chisokone market lost goods worth millions of kwacha after a night fire razed roughly \
        300 stalls, Zambia's fire service said.
        """),
    ]

    /// "Costa Rica" is a place (the gazetteer knows every country), not two rare words and a name.
    static let costaRicaDay = [
        Newsroom.article("cr-plant-1", "ledger.example", hoursAfterMorning: 0, "Calloway Medical to invest $850m in Costa Rica plant", """
        Calloway Medical, the Minneapolis-based maker of heart catheters, said on Monday it would invest $850m in a \
        factory in Cartago, Costa Rica, creating about 3,000 jobs when it opens in 2028.
        """),
        Newsroom.article("cr-plant-2", "wire.example", hoursAfterMorning: 0.2, "US device maker Calloway to build $850 million plant in Costa Rica", """
        NEW YORK (Wire) - Calloway Medical will spend $850 million on a catheter plant in Cartago, Costa Rica, creating \
        about 3,000 jobs, the company said on Monday. Trade Minister Lucía Brenes said the plant would open in 2028.
        """),
        Newsroom.article("cr-slide-1", "wire.example", hoursAfterMorning: 7, "Landslide buries bus and cars on Costa Rica's Route 32, killing four", """
        SAN JOSE (Wire) - A landslide buried a passenger bus and three cars on Route 32 in Costa Rica's Braulio Carrillo \
        National Park on Monday, killing at least four people, the National Emergency Commission said.
        """),
        Newsroom.article("cr-slide-2", "hartwell.example", hoursAfterMorning: 9, "Nine killed in Costa Rica landslide on highway to Caribbean coast", """
        At least nine people have died after a landslide buried a bus and several cars on the main highway between San \
        José and the Caribbean coast of Costa Rica, emergency officials said.
        """),
    ]
}
