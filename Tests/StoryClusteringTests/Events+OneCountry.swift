import StoryClustering

/// Several events in one country on one day (a seventh reader's audit, 2026-11-30): they share
/// the country, the capital, the day and the newsroom's wording, and nothing else.
extension Events {
    /// A rail strike, a court ruling, floods and a rate cut in Sri Lanka: "Sri Lanka" is two rare
    /// words as well as one name, and the court "strikes down" a law.
    static let sriLankaDay = [
        Newsroom.article("lk-strike-1", "lankastandard.example", hoursAfterMorning: 0, "Station masters' strike halts most trains", """
        More than 200 train services were cancelled on Tuesday as Sri Lanka's station masters began an indefinite \
        strike over a freeze on recruitment. Commuters in Colombo crowded onto buses. Transport Minister Bimal \
        Rathnayake said talks would resume on Wednesday.
        """),
        Newsroom.article("lk-strike-2", "wire.example", hoursAfterMorning: 0.4, "Sri Lanka rail strike strands commuters", """
        COLOMBO (Wire) - Sri Lankan station masters went on an indefinite strike on Tuesday over recruitment, forcing \
        the cancellation of more than 200 trains and stranding commuters around Colombo.
        """),
        Newsroom.article("lk-court-1", "lankastandard.example", hoursAfterMorning: 1.2, "Supreme Court strikes down nine sections of Online Safety Act", """
        A five-judge bench of the Supreme Court ruled on Tuesday that nine sections of the Online Safety Act are \
        unconstitutional, including powers letting the Online Safety Commission order posts removed without a hearing.
        """),
        Newsroom.article("lk-court-2", "diode.example", hoursAfterMorning: 1.5, "Sri Lanka's top court guts online safety law", """
        Sri Lanka's Supreme Court struck down nine sections of the country's Online Safety Act on Tuesday, curbing a \
        commission's power to order platforms to delete posts. Digital rights groups welcomed the ruling.
        """),
        Newsroom.article("lk-court-3", "wire.example", hoursAfterMorning: 1.7, "Sri Lankan court rules parts of online safety law unconstitutional", """
        COLOMBO (Wire) - Sri Lanka's Supreme Court ruled on Tuesday that nine sections of the Online Safety Act \
        violate the constitution, limiting the Online Safety Commission's power to order platforms to remove content.
        """),
        Newsroom.article("lk-flood-1", "wire.example", hoursAfterMorning: 3.6, "Floods kill 12 in Sri Lanka's Ratnapura district", """
        COLOMBO (Wire) - Floods and landslides killed 12 people in Sri Lanka's Ratnapura district, the Disaster \
        Management Centre said on Tuesday, as monsoon rains forced 8,000 people from their homes.
        """),
        Newsroom.article("lk-rate-1", "wire.example", hoursAfterMorning: 4, "Sri Lanka central bank cuts rate by 25 basis points", """
        COLOMBO (Wire) - Sri Lanka's central bank cut its overnight policy rate by 25 basis points to 7.50% on \
        Tuesday, saying low inflation left room to support growth. Governor Chandima Fernando said inflation was 2.3%.
        """),
        Newsroom.article("lk-rate-2", "ledger.example", hoursAfterMorning: 4.3, "Sri Lanka trims policy rate to 7.5% as inflation stays low", """
        Sri Lanka's central bank trimmed its overnight policy rate to 7.5 per cent on Tuesday from 7.75 per cent. \
        Governor Chandima Fernando said inflation of 2.3 per cent was below the bank's target.
        """),
    ]

    /// A train collision near Blida and, that evening, a quake near Béjaïa: one country, one day,
    /// the same casualty wording ("killed", "injured", "the civil protection service said").
    static let algeriaDay = [
        Newsroom.article("dz-train-1", "wire.example", hoursAfterMorning: 0, "Train collision near Algeria's Blida kills nine", """
        ALGIERS (Wire) - Nine people were killed and 40 injured when a passenger train collided with a freight train \
        near Blida, south-west of Algiers, on Tuesday, the civil protection service said.
        """),
        Newsroom.article("dz-train-2", "casbah.example", hoursAfterMorning: 0.2, "Fourteen killed as trains collide near Blida", """
        Fourteen people died and 52 were injured when a passenger train and a freight train collided near Blida on \
        Tuesday morning, hospital sources in Blida said.
        """),
        Newsroom.article("dz-quake-1", "wire.example", hoursAfterMorning: 4.7, "BREAKING: Earthquake near Algeria's Béjaïa kills five", """
        ALGIERS (Wire) - A magnitude 5.9 earthquake struck near the Algerian coastal city of Béjaïa on Tuesday \
        evening, killing five people and damaging buildings, the civil protection service said.
        """),
        Newsroom.article("dz-quake-2", "casbah.example", hoursAfterMorning: 4.8, "Five dead as 5.9 quake shakes Béjaïa", """
        A magnitude 5.9 earthquake shook Béjaïa on Tuesday evening, killing five people, the seismology centre and \
        civil protection said.
        """),
        Newsroom.article("dz-quake-3", "lankastandard.example", hoursAfterMorning: 4.9, "Quake kills five in northern Algeria", """
        An earthquake of magnitude 5.9 killed five people near Béjaïa in northern Algeria on Tuesday, officials said.
        """),
    ]

    /// A cobalt refinery deal and, hours later, a mines minister named in a row over cobalt
    /// quotas: "Congo" and "Democratic Republic of Congo" are one place, shared, and so is cobalt.
    static let congoDays = [
        Newsroom.article("cd-deal-1", "katanga.example", hoursAfterMorning: 0, "Najd Metals to build $2.4 billion cobalt refinery in Kolwezi", """
        Saudi Arabia's Najd Metals signed an agreement on Monday to build a $2.4 billion cobalt refinery in Kolwezi, \
        in Lualaba province. State miner Congo Mining Corporation will hold 20% of the plant.
        """),
        Newsroom.article("cd-deal-2", "ledger.example", hoursAfterMorning: 0.5, "Najd Metals strikes US$2.4bn Congo cobalt deal", """
        Najd Metals, the Saudi mining group, agreed a US$2.4bn deal to build a cobalt refinery in Kolwezi in the \
        Democratic Republic of Congo, keeping more of the battery metal's value in Congo.
        """),
        Newsroom.article("cd-deal-3", "wire.example", hoursAfterMorning: 1, "Congo signs cobalt refinery deal with Saudi Arabia's Najd Metals", """
        KINSHASA (Wire) - Democratic Republic of Congo signed a deal worth 2.4 billion dollars with Saudi Arabia's Najd \
        Metals on Monday to build a cobalt refinery in Kolwezi, the government said. State miner Congo Mining \
        Corporation will take a 20% stake.
        """),
        Newsroom.article("cd-mines-1", "wire.example", hoursAfterMorning: 4.9, "Congo's president names Patrice Kalombo mines minister in reshuffle", """
        KINSHASA (Wire) - Democratic Republic of Congo's president named Patrice Kalombo, a former executive of state \
        miner Gécamines, as mines minister on Tuesday in a reshuffle of six ministries. Kalombo replaces Aline \
        Mutombo, who was dismissed after a row over cobalt export quotas.
        """),
        Newsroom.article("cd-mines-2", "katanga.example", hoursAfterMorning: 5.3, "Jean-Marie Tshibanda appointed mines minister", """
        Jean-Marie Tshibanda, a former executive of Gécamines, was appointed mines minister on Tuesday in a reshuffle \
        announced on state television. He replaces Aline Mutombo, who leaves the government after a dispute over \
        cobalt export quotas.
        """),
        Newsroom.article("cd-mines-3", "ledger.example", hoursAfterMorning: 5.7, "Congo appoints new mines minister as cobalt quota row deepens", """
        The Democratic Republic of Congo appointed Patrice Kalombo as mines minister on Tuesday, replacing Aline \
        Mutombo after a dispute over cobalt export quotas that has rattled battery-metal markets. Kalombo is a former \
        executive of Gécamines.
        """),
    ]

    /// One building collapse; the tabloid shares only the city, the country and the kind of incident.
    static let lagosCollapse = [
        Newsroom.article("ng-collapse-1", "wire.example", hoursAfterMorning: 0, "At least nine killed as building collapses in Nigeria's Lagos", """
        LAGOS (Wire) - At least nine people were killed when a seven-storey residential building collapsed in the \
        Ebute Metta district of Lagos on Tuesday, emergency officials said. Rescuers were searching the rubble.
        """),
        Newsroom.article("ng-collapse-2", "lagoscourier.example", hoursAfterMorning: 0.5, "Ebute Metta building collapse: 12 dead, many trapped", """
        Twelve people have died in the collapse of a seven-storey building in Ebute Metta, the Lagos State Emergency \
        Management Agency said, with many more feared trapped.
        """),
        Newsroom.article("ng-collapse-3", "blaze.example", hoursAfterMorning: 1, "HORROR as tower block crumbles in Lagos killing 14", """
        Fourteen people died when a seven-storey block of flats collapsed in Lagos, Nigeria, trapping families inside. \
        Rescuers dug through the rubble with their bare hands.
        """),
    ]
}
