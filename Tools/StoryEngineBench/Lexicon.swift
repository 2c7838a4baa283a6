/// The proper nouns synthetic events are built from. Many events share a kind and its vocabulary,
/// so what tells them apart is this: places, people, organisations and numbers.
enum Lexicon {
    /// Countries with several cities each: news from one country is not all from its capital.
    static let places: [(country: String, cities: [String], demonym: String)] = [
        ("Kenya", ["Nairobi", "Mombasa", "Kisumu"], "Kenyan"), ("Nigeria", ["Lagos", "Abuja", "Kano"], "Nigerian"),
        ("Ghana", ["Accra", "Kumasi", "Tamale"], "Ghanaian"), ("South Africa", ["Johannesburg", "Durban", "Cape Town"], "South African"),
        ("Ethiopia", ["Addis Ababa", "Gondar", "Mekelle"], "Ethiopian"), ("Egypt", ["Cairo", "Alexandria", "Luxor"], "Egyptian"),
        ("Morocco", ["Casablanca", "Rabat", "Marrakesh"], "Moroccan"), ("Senegal", ["Dakar", "Thies", "Touba"], "Senegalese"),
        ("Uganda", ["Kampala", "Gulu", "Mbarara"], "Ugandan"), ("Tanzania", ["Dar es Salaam", "Arusha", "Dodoma"], "Tanzanian"),
        ("Rwanda", ["Kigali", "Huye", "Musanze"], "Rwandan"), ("Zambia", ["Lusaka", "Ndola", "Kitwe"], "Zambian"),
        ("Angola", ["Luanda", "Huambo", "Lobito"], "Angolan"), ("Cameroon", ["Douala", "Yaounde", "Bamenda"], "Cameroonian"),
        ("Ivory Coast", ["Abidjan", "Bouake", "Yamoussoukro"], "Ivorian"), ("Japan", ["Osaka", "Sendai", "Fukuoka"], "Japanese"),
        ("India", ["Mumbai", "Chennai", "Kolkata"], "Indian"), ("Indonesia", ["Jakarta", "Surabaya", "Medan"], "Indonesian"),
        ("Turkey", ["Istanbul", "Izmir", "Ankara"], "Turkish"), ("Chile", ["Santiago", "Valparaiso", "Antofagasta"], "Chilean"),
        ("Peru", ["Lima", "Cusco", "Arequipa"], "Peruvian"), ("Mexico", ["Monterrey", "Guadalajara", "Puebla"], "Mexican"),
        ("Brazil", ["Sao Paulo", "Recife", "Porto Alegre"], "Brazilian"), ("Argentina", ["Cordoba", "Rosario", "Mendoza"], "Argentine"),
        ("Germany", ["Hamburg", "Munich", "Cologne"], "German"), ("France", ["Lyon", "Marseille", "Lille"], "French"),
        ("Italy", ["Naples", "Milan", "Turin"], "Italian"), ("Spain", ["Valencia", "Seville", "Bilbao"], "Spanish"),
        ("Poland", ["Krakow", "Gdansk", "Wroclaw"], "Polish"), ("Greece", ["Thessaloniki", "Patras", "Heraklion"], "Greek"),
        ("Philippines", ["Manila", "Cebu", "Davao"], "Filipino"), ("Vietnam", ["Hanoi", "Da Nang", "Hue"], "Vietnamese"),
        ("Pakistan", ["Karachi", "Lahore", "Peshawar"], "Pakistani"), ("Bangladesh", ["Dhaka", "Chittagong", "Khulna"], "Bangladeshi"),
        ("Canada", ["Toronto", "Montreal", "Calgary"], "Canadian"), ("Australia", ["Brisbane", "Perth", "Adelaide"], "Australian"),
        ("New Zealand", ["Wellington", "Auckland", "Christchurch"], "New Zealand"), ("Colombia", ["Medellin", "Cali", "Bogota"], "Colombian"),
        ("Thailand", ["Chiang Mai", "Phuket", "Bangkok"], "Thai"), ("South Korea", ["Busan", "Incheon", "Daegu"], "South Korean"),
    ]

    static let firstNames = [
        "Amina", "Kwame", "Chidi", "Fatima", "Thabo", "Wanjiru", "Kofi", "Zainab", "Tendai", "Ayodele", "Hiroshi", "Priya",
        "Carlos", "Sofia", "Lukas", "Marie", "Giulia", "Mateo", "Olga", "Ahmed", "Leila", "Daniel", "Grace", "Samuel",
        "Nadia", "Ravi", "Elena", "Jonas", "Ines", "Tomasz", "Mei", "Arjun", "Lucia", "Omar", "Yusuf", "Hana",
    ]

    static let lastNames = [
        "Okafor", "Mensah", "Mwangi", "Diallo", "Nkosi", "Abebe", "Haddad", "Banda", "Otieno", "Adeyemi", "Tanaka", "Sharma",
        "Garcia", "Rossi", "Muller", "Dubois", "Kowalski", "Silva", "Novak", "Hassan", "Kim", "Nguyen", "Santos", "Petrov",
        "Lindqvist", "Moreau", "Fernandez", "Ivanova", "Park", "Reyes", "Achebe", "Kamau", "Boateng", "Sow", "Ndlovu", "Ali",
    ]

    static let companyStems = [
        "Apex", "Sahel", "Meridian", "Kilimanjaro", "Baobab", "Zenith", "Harbor", "Summit", "Lumen", "Orion", "Savanna",
        "Cobalt", "Delta", "Nova", "Atlas", "Equator", "Horizon", "Pioneer", "Granite", "Crescent",
    ]
    static let companySuffixes = ["Holdings", "Telecom", "Energy", "Motors", "Bank", "Airways", "Mining", "Foods", "Systems", "Logistics"]

    static let outlets = [
        "reuters.com", "apnews.com", "bbc.co.uk", "aljazeera.com", "nation.africa", "theguardian.com", "bloomberg.com",
        "ft.com", "france24.com", "dw.com", "news24.com", "premiumtimesng.com", "citinewsroom.com", "theeastafrican.co.ke",
        "allafrica.com", "cnn.com", "nytimes.com", "washingtonpost.com", "japantimes.co.jp", "hindustantimes.com",
        "scmp.com", "abc.net.au", "cbc.ca", "elpais.com", "lemonde.fr", "spiegel.de", "straitstimes.com", "africanews.com",
        "businessday.ng", "dailymaverick.co.za", "monitor.co.ug", "thecitizen.co.tz", "newtimes.co.rw", "ewn.co.za",
        "cnbc.com", "marketwatch.com", "techcrunch.com", "theverge.com", "wired.com", "economist.com",
    ]

    /// Syllables for the names only one event has (a district, a hospital, a spokesperson): real
    /// events each bring such names, and they are what keeps two look-alike events apart.
    static let syllables = ["ka", "lo", "mbe", "tu", "ri", "sa", "nde", "ko", "ma", "zi", "ba", "nu", "te", "go", "wa", "di",
                            "ra", "ye", "shi", "po", "ne", "vu", "la", "he"]

    /// A sentence per article naming the event's own places, people and particulars.
    static let localDetails = [
        "In {district}, {official} told reporters that the {subject} and the {subject2} were the main concern.",
        "{official}, who oversees {district}, said the {subject} would be discussed at an emergency meeting.",
        "Witnesses in {district} described disruption to the {subject} and the {subject2}, according to {official}.",
        "The {district} office run by {official} said questions about the {subject} remained unanswered.",
    ]

    /// What an event is particularly about, beyond its kind: real events differ in their specifics.
    static let subjects = [
        "railway", "harbour", "copper mine", "cocoa harvest", "fuel subsidy", "water supply", "power grid", "maize price",
        "teachers' pay", "hospital wing", "coastal road", "tax reform", "pension fund", "school fees", "fishing fleet",
        "border crossing", "refinery", "tea estate", "bus fares", "housing scheme", "mobile money", "vaccine rollout",
        "dam project", "airport terminal", "gold exports", "rice imports", "textile factory", "tourism season",
        "fertiliser supply", "bridge repairs", "solar farm", "rail link", "container port", "coffee exports",
        "wheat stocks", "gas pipeline", "data law", "land titles", "police budget", "cattle market",
    ]

    /// Sentences any story may contain: the boilerplate that makes unrelated articles look alike.
    static let filler = [
        "Officials said more details would be released later in the day.",
        "The government has not yet commented on the situation.",
        "Analysts said the development could have wider consequences for the region.",
        "Local media reported that the situation remained tense on Tuesday evening.",
        "The announcement was widely shared on social media.",
        "Critics said the authorities had been slow to respond.",
        "A spokesperson declined to comment further, citing an ongoing review.",
        "Residents told reporters they were worried about what would happen next.",
        "The news comes amid growing concern about the cost of living.",
        "International partners said they were following events closely.",
    ]
}
