import { type Kysely, sql } from 'kysely';

/**
 * Issue 25, second slice. Prices loaded from a CSV file get their own source 'csv' (apart from 'manual', so a
 * repository's price_source_precedence ranks them on their own); existing repositories rank it just after
 * 'manual', as new ones do. A linked security's splits and dividends are kept in security_events, one row
 * per asset, security, day and kind, so the Sec master tab can list them and a sync can replace them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE asset_prices DROP CONSTRAINT asset_prices_source_check`.execute(db);
  await sql`ALTER TABLE asset_prices ADD CONSTRAINT asset_prices_source_check
    CHECK (source IN ('manual', 'override', 'connector', 'security master', 'security master adjusted', 'csv'))`.execute(
    db,
  );
  // 'csv' after 'manual' (or last when 'manual' is not listed) in every stored precedence that lacks it.
  await sql`
    UPDATE repositories r
    SET settings = jsonb_set(r.settings, '{price_source_precedence}', (
      SELECT jsonb_agg(item ORDER BY position)
      FROM (
        SELECT value AS item, ordinality * 2 AS position
        FROM jsonb_array_elements(r.settings->'price_source_precedence') WITH ORDINALITY
        UNION ALL
        SELECT to_jsonb('csv'::text), coalesce(
          (SELECT ordinality * 2 + 1 FROM jsonb_array_elements(r.settings->'price_source_precedence')
             WITH ORDINALITY WHERE value = to_jsonb('manual'::text)),
          1000000)
      ) ranked
    ))
    WHERE jsonb_typeof(r.settings->'price_source_precedence') = 'array'
      AND NOT (r.settings->'price_source_precedence') @> '["csv"]'::jsonb`.execute(db);

  await sql`
    CREATE TABLE security_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      repository_id uuid NOT NULL REFERENCES repositories(id) ON DELETE CASCADE,
      asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
      security_id text NOT NULL,
      date date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('split', 'dividend')),
      -- A split of numerator for denominator (4:1 gives 4 new shares for 1); null for a dividend.
      numerator numeric CHECK (numerator > 0),
      denominator numeric CHECK (denominator > 0),
      -- A dividend's amount per share in the listing's major currency; null for a split.
      amount numeric,
      currency text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT security_events_shape CHECK (
        (kind = 'split' AND numerator IS NOT NULL AND denominator IS NOT NULL AND amount IS NULL)
        OR (kind = 'dividend' AND amount IS NOT NULL AND numerator IS NULL AND denominator IS NULL)),
      CONSTRAINT security_events_day_key UNIQUE (asset_id, security_id, date, kind)
    )`.execute(db);
  await sql`CREATE INDEX security_events_repository_idx ON security_events (repository_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS security_events`.execute(db);
  await sql`
    UPDATE repositories
    SET settings = jsonb_set(settings, '{price_source_precedence}',
      (settings->'price_source_precedence') - 'csv')
    WHERE jsonb_typeof(settings->'price_source_precedence') = 'array'`.execute(db);
  await sql`DELETE FROM asset_prices WHERE source = 'csv'`.execute(db);
  await sql`ALTER TABLE asset_prices DROP CONSTRAINT asset_prices_source_check`.execute(db);
  await sql`ALTER TABLE asset_prices ADD CONSTRAINT asset_prices_source_check
    CHECK (source IN ('manual', 'override', 'connector', 'security master', 'security master adjusted'))`.execute(
    db,
  );
}
