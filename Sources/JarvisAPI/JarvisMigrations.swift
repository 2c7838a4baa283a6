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
    ]
}
