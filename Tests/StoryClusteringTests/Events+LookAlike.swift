import StoryClustering

/// Events of one kind that real feeds carry in one week (issue 26: on a fresh newsroom three
/// companies' layoffs of one week became one story): each is reported by several outlets in their
/// own words, and later reports name the earlier events in passing ("the latest in a wave of tech
/// layoffs after …"). Only the principal actor (the company, the bank, the country) tells them apart.
extension Events {
    /// Four companies' job cuts, Monday to Thursday.
    static let techLayoffsWeek = [
        Newsroom.article("quillfeather-1", "wire.example", hoursAfterMorning: 0, "Quillfeather Software to cut 1,200 jobs in restructuring", """
        SAN JOSE (Wire) - Quillfeather Software, which makes chip-design tools, said on Monday it would cut about 1,200 \
        jobs, or 9% of its workforce, as it shifts spending toward artificial intelligence. Chief executive Dana \
        Whitcombe said the cuts would be completed by the end of March.
        """),
        Newsroom.article("quillfeather-2", "bitfield.example", hoursAfterMorning: 1.5, "Quillfeather lays off 9% of staff as AI spending grows", """
        Chip-design software maker Quillfeather is laying off roughly 1,200 employees, about 9% of its staff, chief \
        executive Dana Whitcombe told workers in a memo on Monday. Engineering teams working on older products were hit hardest.
        """),
        Newsroom.article("quillfeather-3", "ledger.example", hoursAfterMorning: 3, "Shares of Quillfeather rise after job cuts", """
        Shares of Quillfeather Software rose 4% on Monday after the chip-design tools maker said it would eliminate \
        1,200 positions, a move analysts said would lift margins next year.
        """),
        Newsroom.article("quillfeather-4", "techdaily.example", hoursAfterMorning: 6, "Chip Software Maker Quillfeather Cuts 1,200 Jobs", """
        The company behind some of the most widely used chip-design tools is cutting 1,200 jobs, about 9% of its \
        workforce. Quillfeather Software said the layoffs would free money for AI products.
        """),
        Newsroom.article("harrowgate-1", "wire.example", hoursAfterMorning: 25, "Harrowgate Networks cuts 3,000 jobs as tech layoffs spread", """
        DALLAS (Wire) - Harrowgate Networks said on Tuesday it would lay off 3,000 workers, 6% of its workforce, the \
        latest in a wave of tech layoffs after Quillfeather Software cut 1,200 jobs on Monday. Chief executive Marcus \
        Delaney said the networking equipment maker was cutting costs as telecom customers delayed orders.
        """),
        Newsroom.article("harrowgate-2", "bitfield.example", hoursAfterMorning: 26, "Harrowgate to lay off 6% of workforce", """
        Networking equipment maker Harrowgate Networks will cut about 3,000 jobs, chief executive Marcus Delaney \
        said on Tuesday, blaming weak orders from telecom operators.
        """),
        Newsroom.article("harrowgate-3", "ledger.example", hoursAfterMorning: 27.5, "Harrowgate job cuts deepen a week of tech layoffs", """
        Harrowgate Networks became the second technology company this week to announce deep job cuts, saying on \
        Tuesday it would shed 3,000 positions, a day after Quillfeather said it would lay off 1,200 workers. \
        Harrowgate shares fell 2%.
        """),
        Newsroom.article("harrowgate-4", "techdaily.example", hoursAfterMorning: 30, "Tech Layoffs Spread As Harrowgate Networks Cuts 3,000 Jobs", """
        Another week, another round of tech layoffs: after Quillfeather Software's 1,200 job cuts on Monday, networking \
        equipment maker Harrowgate Networks said on Tuesday it would lay off 3,000 workers.
        """),
        Newsroom.article("lumenreach-1", "wire.example", hoursAfterMorning: 49, "Lumenreach to cut 800 jobs, third tech firm this week", """
        SEATTLE (Wire) - Lumenreach, the online advertising software company, said on Wednesday it would cut 800 jobs, \
        about 11% of its workforce, the latest in a wave of tech layoffs after Quillfeather and Harrowgate. Chief \
        executive Priya Raman said the company would close its Dublin office.
        """),
        Newsroom.article("lumenreach-2", "bitfield.example", hoursAfterMorning: 50, "Lumenreach lays off 11% of staff and closes Dublin office", """
        Advertising software company Lumenreach is laying off about 800 employees and shutting its Dublin office, \
        chief executive Priya Raman told staff on Wednesday.
        """),
        Newsroom.article("lumenreach-3", "techdaily.example", hoursAfterMorning: 52, "Ad Software Firm Lumenreach Lays Off 800", """
        The tech layoffs keep coming. After Quillfeather Software and Harrowgate Networks earlier this week, advertising \
        software company Lumenreach said on Wednesday it would cut 800 jobs and close its Dublin office.
        """),
        Newsroom.article("tessaline-1", "wire.example", hoursAfterMorning: 73, "Tessaline Semiconductor to cut 2,500 jobs", """
        AUSTIN (Wire) - Tessaline Semiconductor said on Thursday it would cut 2,500 jobs, or 7% of its workforce, \
        joining Quillfeather, Harrowgate and Lumenreach in a week of tech layoffs. Chief executive Owen Hadley said \
        the memory chip maker would delay a new factory.
        """),
        Newsroom.article("tessaline-2", "ledger.example", hoursAfterMorning: 74, "Memory maker Tessaline lays off 7% of workforce", """
        Tessaline Semiconductor will lay off about 2,500 workers and postpone a new memory chip plant, chief executive \
        Owen Hadley said on Thursday, as prices for memory chips kept falling.
        """),
        Newsroom.article("tessaline-3", "bitfield.example", hoursAfterMorning: 75, "Tessaline job cuts cap a week of tech layoffs", """
        Tessaline Semiconductor is eliminating 2,500 jobs, the chip maker said on Thursday, capping a week in which \
        Quillfeather Software, Harrowgate Networks and Lumenreach announced cuts of their own.
        """),
    ]

    /// Three central banks' decisions of one day, worded alike; one report names another bank in passing.
    static let threeRateDecisions = [
        Newsroom.article("boc-1", "wire.example", hoursAfterMorning: 0, "Bank of Canada cuts key rate by 25 basis points to 2.25%", """
        OTTAWA (Wire) - The Bank of Canada cut its key policy rate by 25 basis points to 2.25% on Wednesday, its \
        second cut in a row, as the economy slowed. Governor Tiff Macklem said the bank was ready to respond if the \
        outlook worsened.
        """),
        Newsroom.article("boc-2", "ledger.example", hoursAfterMorning: 0.5, "Canada lowers interest rate to 2.25% as growth stalls", """
        Canada's central bank lowered its benchmark interest rate by a quarter point to 2.25% on Wednesday. Tiff \
        Macklem said weak exports and rising unemployment justified the cut.
        """),
        Newsroom.article("nb-1", "wire.example", hoursAfterMorning: 1, "Norway's central bank cuts rate by 25 basis points to 4.0%", """
        OSLO (Wire) - Norges Bank cut its policy rate by 25 basis points to 4.0% on Wednesday, Governor Ida Wolden \
        Bache said, as inflation eased faster than expected.
        """),
        Newsroom.article("nb-2", "fjord.example", hoursAfterMorning: 1.5, "Norges Bank trims policy rate to 4.0%", """
        Norges Bank lowered its policy rate by a quarter point to 4.0% on Wednesday, hours after the Bank of Canada \
        also cut by 25 basis points. Ida Wolden Bache said further cuts were likely this year.
        """),
        Newsroom.article("rba-1", "wire.example", hoursAfterMorning: 2, "Reserve Bank of Australia cuts cash rate by 25 basis points to 3.60%", """
        SYDNEY (Wire) - The Reserve Bank of Australia cut its cash rate by 25 basis points to 3.60% on Wednesday, \
        Governor Michele Bullock said, citing slowing inflation.
        """),
        Newsroom.article("rba-2", "harbour.example", hoursAfterMorning: 2.5, "RBA lowers cash rate to 3.60%, third central bank to cut today", """
        The Reserve Bank of Australia lowered the cash rate by a quarter point to 3.60% on Wednesday, following cuts \
        by Norges Bank and the Bank of Canada. Michele Bullock said the board would watch the job market.
        """),
    ]

    /// Three governments facing no-confidence votes in one week: two fall, one survives.
    static let noConfidenceVotes = [
        Newsroom.article("fr-vote-1", "wire.example", hoursAfterMorning: 0, "French government falls in no-confidence vote", """
        PARIS (Wire) - France's government was toppled in a no-confidence vote on Monday, with 364 lawmakers in the \
        National Assembly voting to oust Prime Minister Sébastien Lecornu over his budget.
        """),
        Newsroom.article("fr-vote-2", "ledger.example", hoursAfterMorning: 1, "Lecornu ousted as deputies topple government over budget", """
        Deputies voted to topple Prime Minister Sébastien Lecornu's government in a no-confidence vote on Monday, \
        leaving France without a budget for next year.
        """),
        Newsroom.article("ro-vote-1", "wire.example", hoursAfterMorning: 26, "Romanian government falls in no-confidence vote", """
        BUCHAREST (Wire) - Romania's government was toppled in a no-confidence vote on Tuesday, with 281 lawmakers \
        voting to oust Prime Minister Ilie Bolojan over tax rises, a day after France's government fell.
        """),
        Newsroom.article("ro-vote-2", "danube.example", hoursAfterMorning: 27, "Bolojan ousted as parliament topples government", """
        Romania's parliament voted to oust Prime Minister Ilie Bolojan's government in a no-confidence motion on \
        Tuesday, the second European government to fall this week after Sébastien Lecornu's in France.
        """),
        Newsroom.article("es-vote-1", "wire.example", hoursAfterMorning: 50, "Spanish government survives no-confidence vote", """
        MADRID (Wire) - Spain's government survived a no-confidence vote on Wednesday, with 172 lawmakers backing \
        Prime Minister Pedro Sánchez, days after governments fell in France and Romania.
        """),
        Newsroom.article("es-vote-2", "iberia.example", hoursAfterMorning: 51, "Sánchez survives no-confidence motion in parliament", """
        Prime Minister Pedro Sánchez survived a no-confidence motion in Spain's parliament on Wednesday, as the \
        opposition fell short of the 176 votes needed to oust his government.
        """),
    ]

    /// Both chambers of one country passing different bills on one day: the country, the chamber words,
    /// the vote wording and a tally are shared, and each report names the other chamber in passing.
    static let twoUSVotesOfOneDay = [
        Newsroom.article("house-rail-1", "wire.example", hoursAfterMorning: 0, "US House passes rail safety bill 301-120", """
        WASHINGTON (Wire) - The U.S. House of Representatives voted 301-120 on Thursday to pass a bill requiring \
        railroads to run two-person crews and inspect hazardous-cargo trains more often, sending it to the Senate.
        """),
        Newsroom.article("house-rail-2", "capitol.example", hoursAfterMorning: 1, "House Approves Two-Person Crews For Freight Trains", """
        Lawmakers in the House approved a rail safety bill on Thursday by 301 votes to 120 that would require two-person \
        crews on freight trains. The Senate has yet to schedule a vote on the measure.
        """),
        Newsroom.article("house-rail-3", "ledger.example", hoursAfterMorning: 2, "Railroad shares slip after House backs crew rule", """
        Railroad shares fell 1% on Thursday after the House passed a bill requiring two-person crews on freight trains, \
        a rule the industry says would cost it $1 billion a year.
        """),
        Newsroom.article("senate-drug-1", "wire.example", hoursAfterMorning: 0.5, "US Senate passes drug pricing bill 58-41", """
        WASHINGTON (Wire) - The U.S. Senate voted 58-41 on Thursday to pass a bill capping insulin at $35 a month \
        and letting Medicare negotiate more drug prices, sending the measure to the House. Senate Majority Leader \
        John Thune said the vote showed rare agreement.
        """),
        Newsroom.article("senate-drug-2", "capitol.example", hoursAfterMorning: 1.5, "Senate Approves Insulin Price Cap In 58-41 Vote", """
        Senators voted 58 to 41 on Thursday for a bill capping the price of insulin at $35 a month and widening \
        Medicare's drug price talks. The House is expected to take it up next month.
        """),
    ]

    /// The same reports squeezed into one morning (a tenth of their distance from the first): no quiet
    /// hours between the events to keep them apart.
    static func onOneMorning(_ articles: [ClusterArticle]) -> [ClusterArticle] {
        articles.map {
            ClusterArticle(id: $0.id, sourceKey: $0.sourceKey, headline: $0.headline, body: $0.body,
                           publishedAt: Newsroom.morning.addingTimeInterval($0.publishedAt.timeIntervalSince(Newsroom.morning) / 10))
        }
    }
}
