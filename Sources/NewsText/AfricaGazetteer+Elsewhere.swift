extension AfricaGazetteer {
    /// Places outside Africa, grouped by a label (a country or region). They weigh against
    /// Africa when deciding what a text is primarily about, and they claim names that would
    /// otherwise be misread as African: "Papua New Guinea", "New Guinea", "Niger" stays Niger
    /// only as a whole word. Same conventions as `africanNames`.
    static let nonAfricanNames: [String: [String]] = [
        "United States": ["United States", "=US", "=U.S.", "=USA", "America", "American", "Washington", "New York",
                          "California", "Texas", "Florida", "Chicago", "Los Angeles", "San Francisco", "Boston",
                          "White House", "Pentagon", "Wall Street", "Silicon Valley", "Georgia", "Atlanta", "Ohio",
                          "Pennsylvania", "Michigan", "Virginia", "Seattle", "Houston", "Miami"],
        "United Kingdom": ["United Kingdom", "=UK", "Britain", "British", "England", "English", "London", "Scotland",
                           "Scottish", "Wales", "Welsh", "Northern Ireland", "Manchester", "Birmingham", "Liverpool",
                           "Edinburgh", "Glasgow", "Downing Street", "Westminster", "Whitehall"],
        "Europe": ["Europe", "European", "European Union", "=EU", "Brussels", "France", "French", "Paris", "Germany",
                   "German", "Berlin", "Italy", "Italian", "Rome", "Milan", "Spain", "Spanish", "Madrid", "Barcelona",
                   "Portugal", "Portuguese", "Lisbon", "Netherlands", "Dutch", "Amsterdam", "Belgium", "Belgian",
                   "Switzerland", "Swiss", "Geneva", "Zurich", "Austria", "Austrian", "Vienna", "Poland", "Polish",
                   "Warsaw", "Sweden", "Swedish", "Stockholm", "Norway", "Norwegian", "Oslo", "Denmark", "Danish",
                   "Finland", "Finnish", "Ireland", "Irish", "Dublin", "Greece", "Greek", "Athens", "Hungary",
                   "Hungarian", "Czech", "Prague", "Romania", "Romanian", "Bulgaria", "Serbia", "Serbian", "Croatia",
                   "Bosnia", "Kosovo", "Albania", "Ukraine", "Ukrainian", "Kyiv", "Kiev", "Belarus", "Moldova",
                   "Russia", "Russian", "Moscow", "Kremlin", "Cyprus", "Malta"],
        "Middle East": ["Middle East", "Israel", "Israeli", "Jerusalem", "Tel Aviv", "Gaza", "West Bank", "Palestine",
                        "Palestinian", "Lebanon", "Lebanese", "Beirut", "Syria", "Syrian", "Damascus", "Jordan",
                        "Jordanian", "Amman", "Iraq", "Iraqi", "Baghdad", "Iran", "Iranian", "Tehran", "Saudi",
                        "Saudi Arabia", "Riyadh", "Yemen", "Yemeni", "Qatar", "Doha", "Kuwait", "Dubai", "Abu Dhabi",
                        "United Arab Emirates", "=UAE", "Oman", "Bahrain", "Turkey", "Turkish", "Ankara", "Istanbul"],
        "Asia": ["Asia", "Asian", "China", "Chinese", "Beijing", "Shanghai", "Hong Kong", "Taiwan", "Taiwanese",
                 "Japan", "Japanese", "Tokyo", "Korea", "Korean", "North Korea", "South Korea", "Seoul", "Pyongyang",
                 "India", "Indian", "New Delhi", "Delhi", "Mumbai", "Pakistan", "Pakistani", "Islamabad", "Karachi",
                 "Afghanistan", "Afghan", "Kabul", "Bangladesh", "Bangladeshi", "Dhaka", "Sri Lanka", "Sri Lankan",
                 "Colombo", "Nepal", "Myanmar", "Burma", "Thailand",
                 "Thai", "Bangkok", "Vietnam", "Vietnamese", "Hanoi", "Cambodia", "Malaysia", "Malaysian",
                 "Singapore", "Indonesia", "Indonesian", "Jakarta", "Philippines", "Philippine", "Filipino", "Manila",
                 "Kazakhstan", "Uzbekistan", "Mongolia", "Georgian", "Tbilisi", "Armenia", "Azerbaijan"],
        "Americas": ["Canada", "Canadian", "Toronto", "Ottawa", "Mexico", "Mexican", "Brazil", "Brazilian",
                     "Argentina", "Argentine", "Buenos Aires", "Chile", "Chilean", "Colombia", "Colombian", "Peru",
                     "Venezuela", "Venezuelan", "Cuba", "Cuban", "Haiti", "Haitian", "Jamaica", "Ecuador", "Bolivia",
                     "Latin America", "Caribbean"],
        "Oceania": ["Australia", "Australian", "Sydney", "Melbourne", "New Zealand", "Papua New Guinea",
                    "Papua New Guinean", "New Guinea", "Fiji"],
    ]
}
