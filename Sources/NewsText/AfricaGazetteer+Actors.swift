extension AfricaGazetteer {
    /// African actors by country: whom a story is about when it names them, though it may name no place
    /// ("Ruto withdraws tax proposals", "Ramaphosa addresses the UN in New York", "SARB holds its rate").
    /// Heads of state and government and leaders of a country's armed factions, by the name news writes
    /// alone; central banks by their acronyms (a bank named with its country is a place already: "Central
    /// Bank of Kenya"); and companies no other country has. Only names no other person, place or word
    /// shares: Boko (Boko Haram), Bio, Lourenço, Traoré, Chapo, Hassan, Mohammed VI and CBN (also the
    /// Christian Broadcasting Network) are left out. They are matched as places are (`GazetteerIndex`,
    /// `Mention.isActor`) where a reader asks for them: only `EventPlaces` (the Africa desk) does, and
    /// counts one only where its sentence names no place of its country ("South Africa's president Cyril
    /// Ramaphosa" is one mention); what reads the gazetteer for places (clustering, consensus, the score's
    /// region) sees places only. Regional bodies (the African Union, ECOWAS, SADC) are `africanNames`'
    /// "Africa".
    static let africanActors: [String: [String]] = [
        "Africa": ["=BCEAO", "=BEAC"],
        "Algeria": ["Tebboune"],
        "Botswana": ["Masisi"],
        "Cameroon": ["Biya"],
        "Chad": ["Deby", "Déby"],
        "Democratic Republic of the Congo": ["Tshisekedi", "Kabila"],
        "Egypt": ["Sisi", "el-Sisi"],
        "Eritrea": ["Afwerki"],
        "Ethiopia": ["Abiy"],
        "Gabon": ["Oligui Nguema"],
        "Ghana": ["Akufo-Addo", "Mahama"],
        "Guinea": ["Doumbouya"],
        "Ivory Coast": ["Ouattara"],
        "Kenya": ["Ruto", "Safaricom", "M-Pesa"],
        "Liberia": ["Boakai"],
        "Libya": ["Haftar", "Dbeibah"],
        "Malawi": ["Chakwera", "Mutharika"],
        "Mali": ["Goita", "Goïta"],
        "Mozambique": ["Nyusi"],
        "Niger": ["Tchiani"],
        "Nigeria": ["Tinubu", "Dangote"],
        "Rwanda": ["Kagame"],
        "Senegal": ["Diomaye Faye", "Sonko"],
        "South Africa": ["Ramaphosa", "=SARB", "Sasol"],
        "South Sudan": ["Kiir"],
        "Sudan": ["al-Burhan", "Hemedti"],
        "Tanzania": ["Samia Suluhu"],
        "Togo": ["Gnassingbe", "Gnassingbé"],
        "Tunisia": ["Kais Saied"],
        "Uganda": ["Museveni"],
        "Zambia": ["Hichilema"],
        "Zimbabwe": ["Mnangagwa"],
    ]
}
