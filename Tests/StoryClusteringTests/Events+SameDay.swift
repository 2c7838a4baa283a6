import StoryClustering

/// Events that real feeds carry on one day and that defeated earlier rules (a reader's audit
/// with fresh feeds, 2026-11-30): two central banks cutting by the same quarter point, one price
/// cut written in two currency styles, a headline naming a prime minister by surname only.
extension Events {
    static let euroRateCut = [
        Newsroom.article("ecb-1", "wire.example", hoursAfterMorning: 0, "ECB cuts rates by a quarter point, signals pause", """
        FRANKFURT (Wire) - The European Central Bank cut its deposit rate by 25 basis points to 2.00% on Thursday, \
        its eighth reduction in a row, and President Christine Lagarde said the easing cycle was nearly over with \
        inflation close to the 2% target.
        """),
        Newsroom.article("ecb-2", "ledger.example", hoursAfterMorning: 0.5, "Euro slips as ECB delivers expected cut", """
        The euro fell 0.3% to $1.1520 after the European Central Bank lowered borrowing costs by a quarter point, \
        while German two-year yields dropped 4 basis points as traders priced a long hold by Christine Lagarde.
        """),
    ]

    static let southAfricaRateCut = [
        Newsroom.article("sarb-1", "wire.example", hoursAfterMorning: 1, "South Africa's central bank cuts rates by 25 bps", """
        PRETORIA (Wire) - The South African Reserve Bank cut its repo rate by 25 basis points to 6.75% on Thursday, \
        Governor Lesetja Kganyago said, as inflation eased back toward the middle of the target range.
        """),
        Newsroom.article("sarb-2", "highveld.example", hoursAfterMorning: 1.5, "Reserve Bank trims repo rate to 6.75%", """
        Borrowers got relief on Thursday when the South African Reserve Bank lowered the repo rate by a quarter point \
        to 6.75%, taking the prime lending rate to 10.25%. Lesetja Kganyago said four members voted for the cut.
        """),
    ]

    static let petrolPriceCut = [
        Newsroom.article("fuel-1", "lagoscourier.example", hoursAfterMorning: 0, "Refinery slashes petrol price by N50 to N820 per litre", """
        The Dangote Petroleum Refinery cut its ex-depot petrol price by N50 to N820 per litre on Thursday, the second \
        reduction this month, as marketers in Lagos reported queues easing.
        """),
        Newsroom.article("fuel-2", "wire.example", hoursAfterMorning: 0.4, "Nigeria's Dangote refinery cuts petrol price again", """
        LAGOS (Wire) - Nigeria's Dangote refinery lowered the price of petrol by 50 naira to 820 naira a litre on \
        Thursday, its second cut this month, marketers said.
        """),
    ]

    static let frenchGovernmentFalls = [
        Newsroom.article("paris-1", "wire.example", hoursAfterMorning: 0, "French government falls in no-confidence vote", """
        PARIS (Wire) - France's government was toppled in a no-confidence vote on Thursday, with 364 lawmakers in the \
        National Assembly voting to oust Prime Minister Sébastien Lecornu over his budget.
        """),
        Newsroom.article("paris-2", "ledger.example", hoursAfterMorning: 1, "Bond spread widens after Lecornu government toppled", """
        The premium investors demand to hold French ten-year debt over German Bunds widened 7 basis points after \
        deputies voted to topple Prime Minister Sébastien Lecornu's government in a no-confidence vote.
        """),
    ]

    /// A third audit: a quake that "strikes" near Agadir joined Morocco's health workers' strike,
    /// and Nigeria's Senate vote joined the US Senate's.
    static let moroccoHealthStrike = [
        Newsroom.article("ma-1", "atlas.example", hoursAfterMorning: 0, "Health workers begin 48-hour national strike", """
        Nurses and technicians in Morocco's public hospitals began a 48-hour national strike on Monday to demand higher \
        pay and more staff, leaving only emergency services running. Health Minister Amine Tahraoui said talks with the \
        unions would resume next week.
        """),
        Newsroom.article("ma-2", "wire.example", hoursAfterMorning: 0.3, "Moroccan health workers strike for 48 hours over pay", """
        RABAT (Wire) - Public health workers in Morocco started a 48-hour strike on Monday over pay and staffing \
        shortages, halting non-emergency care in state hospitals, unions said. (Reporting by Youssef Alami)
        """),
    ]

    static let moroccoQuake = Newsroom.article("ma-3", "wire.example", hoursAfterMorning: 4, "BREAKING: Strong earthquake strikes near Morocco's Agadir", """
        AGADIR (Wire) - A magnitude 6.1 earthquake struck near the Moroccan city of Agadir on Monday, the national \
        geophysics institute said. Buildings shook in Marrakech.
        """)

    static let usSenateVote = Newsroom.article("us-1", "wire.example", hoursAfterMorning: 1, "US Senate passes stopgap bill to avert government shutdown", """
        WASHINGTON (Wire) - The U.S. Senate voted 68-31 on Monday to pass a stopgap spending bill that keeps the federal \
        government funded until Jan. 30, averting a shutdown that would have begun at midnight on Friday. The measure now \
        goes to the House of Representatives. Senate Majority Leader John Thune said the vote bought time for a full-year \
        deal. (Reporting by Laura Benton)
        """)

    static let nigeriaSenateVote = Newsroom.article("ng-1", "wire.example", hoursAfterMorning: 2, "Nigeria's Senate passes 54.9 trillion naira budget for 2026", """
        ABUJA (Wire) - Nigeria's Senate on Monday passed a 54.9 trillion naira ($37.8 billion) budget for 2026, based on an \
        oil price benchmark of $75 a barrel, Senate President Godswill Akpabio said. (Reporting by Chidi Okeke)
        """)

    /// Two AI stories of one morning from one wire (a fifth reader's audit merged such a pair): a
    /// Finnish lab's model launch, and a US court ruling on an AI disclosure law.
    static let aiModelLaunch = [
        Newsroom.article("lab-1", "wire.example", hoursAfterMorning: 0, "Finnish start-up Revontuli AI releases open model to rival US labs", """
        HELSINKI (Wire) - Finnish start-up Revontuli AI released its Aurora-2 artificial intelligence model on Monday with         weights anyone can download, in a challenge to US developers. Chief executive Aino Lehto said the model was         trained on European supercomputers.
        """),
        Newsroom.article("lab-2", "bytes.example", hoursAfterMorning: 1, "Revontuli AI ships open-weights Aurora-2 model", """
        Helsinki-based Revontuli AI on Monday released Aurora-2, a language model whose weights are free to download.         Chief executive Aino Lehto said European companies need models they can run themselves.
        """),
    ]

    static let aiLawRuling = Newsroom.article("court-1", "wire.example", hoursAfterMorning: 0.5,
                                              "US appeals court upholds Oregon AI chatbot disclosure law", """
        PORTLAND (Wire) - A US federal appeals court on Monday upheld an Oregon law requiring companies to tell customers         when they are talking to an AI chatbot, ruling 2-1 against the Online Business Coalition, which argued the law         violated the First Amendment.
        """)
}
