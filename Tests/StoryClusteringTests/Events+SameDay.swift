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
}
