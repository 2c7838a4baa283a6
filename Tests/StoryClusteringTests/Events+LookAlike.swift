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
}
