import StoryClustering

/// Feeds articles, in order, through a fresh clusterer (its word statistics first primed with
/// `primer`, unlabelled background news) and returns each article's final story id, following
/// merges: an article whose story was later absorbed reports the survivor.
enum ClusterRun {
    static func labels(for articles: [ClusterArticle], configuration: ClusteringConfiguration, primer: [ClusterArticle]) -> [String] {
        let clusterer = StoryClusterer(configuration: configuration)
        for article in primer { clusterer.learnTermStatistics(from: article) }
        var nextID = 0
        var assigned: [String] = []
        var absorbedInto: [String: String] = [:]
        for article in articles {
            let assignment = clusterer.assign(article) {
                nextID += 1
                return "story-\(nextID)"
            }
            for merged in assignment.mergedStoryIDs { absorbedInto[merged] = assignment.storyID }
            assigned.append(assignment.storyID)
        }
        return assigned.map { id in
            var current = id
            while let next = absorbedInto[current] { current = next }
            return current
        }
    }
}
