-- Trigram indexes (pg_trgm) make searching words inside names, titles and references fast.
-- A trusted extension: a database owner may create it on PostgreSQL 13 and later; the
-- embedded database is opened with it (src/db/database.ts, embeddedOptions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
