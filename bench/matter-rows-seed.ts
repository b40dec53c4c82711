/**
 * Seeds a matter's actions, packets, alerts, claimants, judgments and sanctions reviews in SQL
 * (generate_series), for the growth benchmark (bench/suites/growth.ts) and the dashboard's and
 * reports' growth tests: a million rows through the API would measure the seeding, not the reads. The rows are what the serializers
 * read (valid vocabularies and JSON shapes), not what a workflow would have produced.
 */
type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export type SeededTable = 'actions' | 'packets' | 'alerts' | 'claimants' | 'judgments' | 'sanctions_reviews';

/** Each table's id prefix (src/server/ids.ts) and the columns beside id, org, env, matter and status. */
const TABLES: Record<SeededTable, { prefix: string; columns: string; values: string }> = {
  actions: {
    prefix: 'act',
    columns: 'type, title, due_at',
    // One action in three undated; the others due a day apart.
    values: `'custom', 'Bench action ' || g, CASE WHEN g % 3 = 0 THEN NULL ELSE now() + interval '1 day' * (g % 1000) END`,
  },
  packets: {
    prefix: 'pac',
    columns:
      'type, packet_type, authorized_sender, sender_user_id, legal_authority_id, contents, readiness, review_state, audit',
    values: `'exchange_freeze', 'freeze', '{"user_id":"usr_bench","name":"Bench","roles":["admin"]}', 'usr_bench', 'aut_bench',
      '{}', '{"ready":false,"missing_items":[],"checks":[]}', '{"review_required":true,"review_status":"pending"}', '{}'`,
  },
  alerts: {
    prefix: 'ale',
    columns: 'type, rule, subject, severity, target, reason, evidence',
    values: `'wallet_movement', 'wallet_movement', 'bench:' || g, 'low', 'bench', 'Bench alert ' || g,
      '{"transaction_hash":null,"amount":null,"asset":null,"counterparty":null,"label":null}'`,
  },
  claimants: {
    prefix: 'cla',
    columns: 'name, role, review_state',
    values: `'Bench claimant ' || g, 'claimant', '{"review_required":false}'`,
  },
  judgments: {
    prefix: 'jdg',
    columns: 'court, case_number, jurisdiction, date_entered, creditor, debtor, amount, currency, review_state',
    values: `'Bench Court', 'BENCH-' || g, 'US-CA', DATE '2024-01-01', 'Bench Creditor', 'Bench Debtor ' || g, 1000, 'USD',
      '{"review_required":false}'`,
  },
  sanctions_reviews: {
    prefix: 'rev',
    columns: 'screen_id, matches, blocked_property_analysis, review_state',
    values: `'scr_bench' || g, '[]', 'Bench analysis ' || g, '{"review_required":true}'`,
  },
};

/**
 * Inserts `n` rows of `table` on the matter, in batches of 200,000. `status` is an SQL
 * expression of the row number `g` (1…n), e.g. `CASE WHEN g % 100 = 0 THEN 'open' ELSE
 * 'completed' END` (trusted: written by the caller, never from input); claimants have none.
 * Ids are the matter's own run (`<prefix>_` + 8 characters of the matter id's hash + the row
 * number in hex), so seeding several matters never collides and a matter's rows sort by g.
 */
export async function seedMatterRows(sql: Sql, table: SeededTable, matterId: string, n: number, status?: string) {
  const t = TABLES[table];
  const statusCol = status ? ', status' : '';
  const statusVal = status ? `, ${status}` : '';
  const batch = 200_000;
  for (let done = 0; done < n; done += batch) {
    const size = Math.min(batch, n - done);
    await sql(
      `INSERT INTO ${table} (id, org_id, env, matter_id, ${t.columns}${statusCol}, updated_at)
       SELECT '${t.prefix}_' || substr(md5($1), 1, 8) || lpad(to_hex(g), 16, '0'), m.org_id, m.env, m.id, ${t.values}${statusVal}, now()
       FROM matters m, generate_series($2::int, $3::int) AS g WHERE m.id = $1`,
      [matterId, done + 1, done + size],
    );
  }
}

/**
 * `n` attribution claims on the matter, each a different subject ("Nominee i") saying it
 * `controls` the one `object`: the worst case of the graph (every claim contradicts every other
 * one), as tests/attribution-limits.test.ts builds it through the API. Half OSINT, half
 * exchange responses; unscored, so the graph scores each row itself.
 */
export async function seedContestedClaims(sql: Sql, matterId: string, n: number, object: string) {
  await sql(
    `INSERT INTO attribution_claims (id, org_id, env, matter_id, subject, predicate, object, source_type, confidence)
     SELECT 'clm_' || substr(md5($1), 1, 8) || lpad(to_hex(g), 16, '0'), m.org_id, m.env, m.id, 'Nominee ' || g, 'controls', $2,
            CASE WHEN g % 2 = 1 THEN 'osint' ELSE 'exchange_response' END, 20
     FROM matters m, generate_series(1, $3::int) AS g WHERE m.id = $1`,
    [matterId, object, n],
  );
}
