import Storage

/// The Jarvis schema, in order. Times are whole unix seconds (INTEGER) on both engines; ids are
/// lower-case UUID strings. See docs/jarvis/data-model.md.
enum JarvisMigrations {
    static let all: [Migration] = [
        Migration(version: 1, name: "feeds", sql: """
            CREATE TABLE feeds (
                id TEXT PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                poll_interval_seconds INTEGER NOT NULL,
                health TEXT NOT NULL DEFAULT 'active' CHECK (health IN ('active', 'failing', 'dead')),
                failure_count INTEGER NOT NULL DEFAULT 0,
                failing_since INTEGER,
                last_fetched_at INTEGER,
                last_error TEXT,
                etag TEXT,
                last_modified TEXT,
                next_fetch_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX feeds_next_fetch_at ON feeds (next_fetch_at)
            """),
        // Articles outlive their feed (a deleted feed's articles stay in their stories), so
        // feed_id is cleared rather than cascaded. dedup_key is FeedDeduplication's key.
        Migration(version: 2, name: "articles", sql: """
            CREATE TABLE articles (
                id TEXT PRIMARY KEY,
                feed_id TEXT REFERENCES feeds(id) ON DELETE SET NULL,
                dedup_key TEXT NOT NULL,
                source TEXT NOT NULL,
                source_url TEXT NOT NULL,
                headline TEXT NOT NULL,
                body TEXT NOT NULL,
                author TEXT,
                image_url TEXT,
                published_at INTEGER NOT NULL,
                first_seen_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                content_hash TEXT NOT NULL,
                is_breaking INTEGER NOT NULL DEFAULT 0,
                story_id TEXT,
                UNIQUE (feed_id, dedup_key)
            );
            CREATE INDEX articles_first_seen_at ON articles (feed_id, first_seen_at)
            """),
        // Stories, as the story engine composes them (docs/jarvis/story-engine.md). `seq` numbers
        // stories in creation order; `state` takes stale and merged stories out of the feed
        // while their articles' storyId keeps resolving; a story about none of the four topics
        // is stored with its nearest topic and `listed = 0`, so `GET /stories` leaves it out
        // while its articles' storyId still resolves to a well-formed story. The feed's own
        // breaking flag is kept apart from the engine's `is_breaking` verdict; `source_key` (the feed's host) tells
        // independent outlets apart. The ranking generation changes with every committed
        // engine step, so a page cursor can name the exact ordering it was cut from.
        Migration(version: 3, name: "stories", sql: """
            CREATE TABLE stories (
                id TEXT PRIMARY KEY,
                seq INTEGER NOT NULL UNIQUE,
                headline TEXT NOT NULL,
                summary TEXT NOT NULL,
                topic TEXT NOT NULL CHECK (topic IN ('finance', 'tech', 'politics', 'africa')),
                listed INTEGER NOT NULL,
                source_authority INTEGER NOT NULL,
                freshness INTEGER NOT NULL,
                local_relevance INTEGER NOT NULL,
                cross_source_confirmation INTEGER NOT NULL,
                topic_importance INTEGER NOT NULL,
                signal_score INTEGER NOT NULL,
                source_count INTEGER NOT NULL,
                consensus TEXT,
                conflict TEXT,
                state TEXT NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'stale', 'merged')),
                merged_into TEXT,
                latest_article_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX stories_ranking ON stories (state, listed, signal_score, latest_article_at, id);
            ALTER TABLE articles RENAME COLUMN is_breaking TO feed_marked_breaking;
            ALTER TABLE articles ADD COLUMN is_breaking INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE articles ADD COLUMN source_key TEXT NOT NULL DEFAULT '';
            CREATE INDEX articles_story ON articles (story_id, published_at);
            CREATE INDEX articles_unclustered ON articles (first_seen_at, id) WHERE story_id IS NULL;
            CREATE TABLE story_rankings (
                key TEXT PRIMARY KEY,
                story_ids TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE TABLE engine_state (
                name TEXT PRIMARY KEY,
                holder TEXT,
                value INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            );
            INSERT INTO engine_state (name, holder, value, expires_at) VALUES ('ranking_generation', NULL, 0, 0);
            INSERT INTO engine_state (name, holder, value, expires_at) VALUES ('clusterer_lease', NULL, 0, 0)
            """),
        // The live-event journal (`LiveEventJournal`): PostgreSQL records every event it NOTIFYs
        // here, so a listener that reconnects can deliver what it missed. Written on
        // PostgreSQL only; on SQLite (one process, no listener) the table stays empty.
        Migration(version: 4, name: "live_events", sqlite: """
            CREATE TABLE live_events (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                payload TEXT NOT NULL,
                recorded_at INTEGER NOT NULL
            )
            """, postgres: """
            CREATE TABLE live_events (
                seq BIGSERIAL PRIMARY KEY,
                payload TEXT NOT NULL,
                recorded_at BIGINT NOT NULL
            );
            CREATE INDEX live_events_recorded_at ON live_events (recorded_at)
            """),
        // How many clustering rounds that stopped the process had taken an article
        // (`RoundClaims`): such articles go one at a time and one is finally left out, rather
        // than crash the process at every start.
        Migration(version: 5, name: "cluster_attempts", sql: """
            ALTER TABLE articles ADD COLUMN cluster_attempts INTEGER NOT NULL DEFAULT 0
            """),
        // Which process's round took an unplaced article (`RoundClaims`): another process's id
        // on it means that round never finished. Only such rows are counted as attempts; the
        // partial index keeps finding them cheap however long the backlog.
        Migration(version: 6, name: "cluster_holder", sql: """
            ALTER TABLE articles ADD COLUMN cluster_holder TEXT;
            CREATE INDEX articles_in_flight ON articles (first_seen_at, id) WHERE story_id IS NULL AND cluster_holder IS NOT NULL
            """),
        // The story index covers placed articles only: every read by story names one (which
        // implies NOT NULL, so both engines still use it), and the clustering query for unplaced
        // articles is then planned on `articles_unclustered`, in order and stopping at its
        // LIMIT, rather than SQLite looking up `story_id = NULL` here and sorting the backlog.
        Migration(version: 7, name: "placed_articles_index", sql: """
            DROP INDEX articles_story;
            CREATE INDEX articles_story ON articles (story_id, published_at) WHERE story_id IS NOT NULL
            """),
        // The entry's own link as the outlet's other feeds list it (`OutletLink`), so a report
        // already stored from one of them is not stored again (`ArticleStore`). Rows stored
        // before have none: only reports fetched from now on are matched.
        Migration(version: 8, name: "outlet_link", sql: """
            ALTER TABLE articles ADD COLUMN outlet_link TEXT;
            CREATE INDEX articles_outlet_link ON articles (source_key, outlet_link) WHERE outlet_link IS NOT NULL
            """),
        // An undated entry found at a feed's first fetch: its `published_at` (the fetch time) says
        // nothing of its age, so it earns its story no freshness and no breaking badge
        // (`StoryArticle.ageUnknown`). Rows stored before cannot be told apart and keep 0.
        Migration(version: 9, name: "age_unknown", sql: """
            ALTER TABLE articles ADD COLUMN age_unknown INTEGER NOT NULL DEFAULT 0
            """),
        // A placed article its outlet revised (same entry, new text): its story is recomposed from the
        // new text (`StoryWorker.reviseRound`), then the flag is cleared.
        Migration(version: 10, name: "revised", sql: """
            ALTER TABLE articles ADD COLUMN revised INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX articles_revised ON articles (updated_at, id) WHERE revised = 1
            """),
        // When its outlet last revised a placed article: the engine reads the revised text as of that
        // time, also when it is rebuilt from the database after a restart (`StoryWorker.revision`).
        Migration(version: 11, name: "revised_at", sql: """
            ALTER TABLE articles ADD COLUMN revised_at INTEGER
            """),
        // Until when a process's fetch holds the feed (`FeedPoller`): no process claims it before,
        // whatever `next_fetch_at` says (a refresh makes it due). And article URLs lose the user
        // and password a private feed's URL lent them before `FeedURL.withoutUserInfo`.
        Migration(version: 12, name: "fetch_claim_and_credential_free_urls",
                  sqlite: "ALTER TABLE feeds ADD COLUMN claimed_until INTEGER;\n"
                      + articleURLColumns.map(sqliteWithoutUserInfo).joined(separator: ";\n"),
                  postgres: "ALTER TABLE feeds ADD COLUMN claimed_until BIGINT;\n"
                      + articleURLColumns.map(postgresWithoutUserInfo).joined(separator: ";\n")),
        // The counts `GET /health` reports (`ServedCounts`), kept by triggers in the transaction of
        // every write that changes them, whichever process or command makes it: subscribed feeds, and
        // stories that are live and listed (what `GET /stories` can show).
        Migration(version: 13, name: "served_counts", sqlite: """
            CREATE TABLE served_counts (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            \(servedCountRows);
            CREATE TRIGGER feeds_counted_in AFTER INSERT ON feeds
            BEGIN UPDATE served_counts SET value = value + 1 WHERE name = 'feeds'; END;
            CREATE TRIGGER feeds_counted_out AFTER DELETE ON feeds
            BEGIN UPDATE served_counts SET value = value - 1 WHERE name = 'feeds'; END;
            CREATE TRIGGER stories_counted_in AFTER INSERT ON stories WHEN NEW.state = 'live' AND NEW.listed = 1
            BEGIN UPDATE served_counts SET value = value + 1 WHERE name = 'listed_stories'; END;
            CREATE TRIGGER stories_counted_out AFTER DELETE ON stories WHEN OLD.state = 'live' AND OLD.listed = 1
            BEGIN UPDATE served_counts SET value = value - 1 WHERE name = 'listed_stories'; END;
            CREATE TRIGGER stories_counted_moved AFTER UPDATE OF state, listed ON stories
            WHEN (OLD.state = 'live' AND OLD.listed = 1) <> (NEW.state = 'live' AND NEW.listed = 1)
            BEGIN
                UPDATE served_counts SET value = value + (CASE WHEN NEW.state = 'live' AND NEW.listed = 1 THEN 1 ELSE -1 END)
                WHERE name = 'listed_stories';
            END
            """, postgres: """
            CREATE TABLE served_counts (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
            \(servedCountRows);
            CREATE FUNCTION served_counts_feeds() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE served_counts SET value = value + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE name = 'feeds';
                RETURN NULL;
            END $$;
            CREATE TRIGGER feeds_counted AFTER INSERT OR DELETE ON feeds FOR EACH ROW EXECUTE FUNCTION served_counts_feeds();
            CREATE FUNCTION served_counts_stories() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                delta INTEGER := 0;
            BEGIN
                IF TG_OP <> 'INSERT' THEN
                    IF OLD.state = 'live' AND OLD.listed = 1 THEN delta := delta - 1; END IF;
                END IF;
                IF TG_OP <> 'DELETE' THEN
                    IF NEW.state = 'live' AND NEW.listed = 1 THEN delta := delta + 1; END IF;
                END IF;
                IF delta <> 0 THEN
                    UPDATE served_counts SET value = value + delta WHERE name = 'listed_stories';
                END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER stories_counted AFTER INSERT OR DELETE OR UPDATE OF state, listed ON stories
            FOR EACH ROW EXECUTE FUNCTION served_counts_stories()
            """),
    ]

    /// The counted sets as they stand when `served_counts` is created.
    private static let servedCountRows = """
        INSERT INTO served_counts (name, value) SELECT 'feeds', COUNT(*) FROM feeds;
        INSERT INTO served_counts (name, value) SELECT 'listed_stories', COUNT(*) FROM stories WHERE state = 'live' AND listed = 1
        """

    private static let articleURLColumns = ["source_url", "image_url", "outlet_link"]

    /// Drops the user information (`user:password@`) of the URLs in `column`: what follows
    /// `scheme://` up to the first `@`, when no `/`, `?` or `#` comes before it.
    private static func sqliteWithoutUserInfo(_ column: String) -> String {
        let start = "instr(\(column), '://') + 3"
        let rest = "substr(\(column), \(start))"
        let at = "instr(\(rest), '@')"
        let userInfo = "substr(\(rest), 1, \(at))"
        return """
            UPDATE articles SET \(column) = substr(\(column), 1, \(start) - 1) || substr(\(column), \(start) + \(at))
            WHERE instr(\(column), '://') > 1 AND instr(substr(\(column), 1, instr(\(column), '://')), '/') = 0 AND \(at) > 0
                AND instr(\(userInfo), '/') = 0 AND instr(\(userInfo), '?') = 0 AND instr(\(userInfo), '#') = 0
            """
    }

    private static func postgresWithoutUserInfo(_ column: String) -> String {
        """
        UPDATE articles SET \(column) = regexp_replace(\(column), '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@]*@', '\\1')
        WHERE \(column) ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#@]*@'
        """
    }
}
