/**
 * The OFAC list data over HTTP: the server reads the SDN list at start, so the first screening
 * does not stall the event loop (no /healthz probe during it waits on a busy loop); a screen
 * names the list date of each file it read (names and wallets, both 2025-11-19), finds 2025
 * designations and alt.csv aliases, no longer finds Tornado Cash (delisted 2025-03-21), says
 * which alias matched and whether it is weak, and keeps review_required while the list is older
 * than 31 days; the judgment's sanctions gate names the same list and date.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';
import { whileProbing } from './helpers/loop-probe';

let srv: TestServer;
let c: Client;

before(async () => {
  // Info logs: the server says when it loaded the sanctions lists at start, and how long it took.
  srv = await startServer({ MD_LOG_LEVEL: 'info' });
  c = client(srv.url, srv.adminKey);
});
after(async () => srv?.stop());

async function screen(matterId: string, subjects: Record<string, string[]>) {
  const r = await c.post('/v1/sanctions/screen', { matter_id: matterId, ...subjects });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

describe('loading the lists', () => {
  test('the first screening after start: /healthz answers within 300 ms while it runs', async (t) => {
    const m = await matterWithAuthority(c, 'First screen');
    // Warm the screen route with a request it refuses before screening, and the sanctions tables
    // with a read (PGlite runs on this event loop: a cold table can hold a probe too).
    assert.equal((await c.post('/v1/sanctions/screen', { matter_id: m })).status, 400);
    assert.equal((await c.get('/v1/sanctions/rev_000000000000000000000000')).status, 404);
    const run = await whileProbing(srv, () => screen(m, { entities: ['IRGC'] }), { gapMs: 20, minProbes: 3 });
    t.diagnostic(`first screening: ${run.summary}`);
    const warmed = /\{[^\n]*"msg":"sanctions lists loaded"[^\n]*\}/.exec(srv.output());
    t.diagnostic(`at start: ${warmed?.[0] ?? 'no sanctions lists loaded line'}`);
    assert.deepEqual(run.stalls, [], run.summary);
    assert.ok(warmed, 'the lists were loaded at start');
    assert.equal(run.result.matches[0]?.sdn_id, '10391');
  });
});

describe('screening against the list of 2025-11-19', () => {
  test('2025 designations match, naming the entry and the list date; each file read is named with its date', async () => {
    const m = await matterWithAuthority(c, 'Designations 2025');
    const s = await screen(m, {
      entities: ['Funnull Technology Inc.', 'Aeza Group LLC', 'Grinex', 'Chen Zhi'],
      wallets: ['0x1111111111111111111111111111111111111111'],
    });
    assert.equal(s.status, 'match');
    const bySubject = Object.fromEntries(s.matches.map((x: any) => [x.subject, x]));
    assert.deepEqual(
      ['Funnull Technology Inc.', 'Aeza Group LLC', 'Grinex', 'Chen Zhi'].map((n) => [
        bySubject[n]?.sdn_id,
        bySubject[n]?.match_type,
        bySubject[n]?.list_date,
      ]),
      [
        ['53953', 'exact', '2025-11-19'],
        ['54566', 'exact', '2025-11-19'],
        ['55045', 'exact', '2025-11-19'],
        ['55505', 'exact', '2025-11-19'],
      ],
    );
    assert.deepEqual(s.datasets, [
      'data/ofac-crypto/brave-intl-lists-2025-11-19 (2025-11-19)',
      'data/ofac-crypto/sdn_digital_currency_addresses_with_entities.csv (2025-11-19)',
      'data/ofac-sdn/sdn.csv.gz (2025-11-19)',
      'data/ofac-sdn/alt.csv.gz (2025-11-19)',
    ]);
    // Today is past 2025-12-20: the lists are older than 31 days, so even a match is flagged.
    assert.equal(s.review_required, true);
    assert.ok(s.review_reasons.some((r: string) => /OFAC SDN list of 2025-11-19 \(\d+ days old\)/.test(r)));
    assert.ok(
      s.review_reasons.some((r: string) => /digital-currency addresses of 2025-11-19 \(\d+ days old\)/.test(r)),
    );
  });

  test('Tornado Cash, delisted on 2025-03-21, is no exact match', async () => {
    const m = await matterWithAuthority(c, 'Tornado');
    const s = await screen(m, { entities: ['Tornado Cash'] });
    assert.ok(!s.matches.some((x: any) => x.match_type === 'exact'), JSON.stringify(s.matches));
    assert.notEqual(s.status, 'match');
  });

  test('an alt.csv alias matches naming it; a weak alias is marked and needs a person', async () => {
    const m = await matterWithAuthority(c, 'Aliases');
    const s = await screen(m, { counterparties: ['IRGC', 'BNC'] });
    const irgc = s.matches.find((x: any) => x.subject === 'IRGC');
    assert.deepEqual(
      [irgc.sdn_id, irgc.sdn_name, irgc.matched, irgc.match_type, irgc.alias],
      ['10391', 'ISLAMIC REVOLUTIONARY GUARD CORPS', 'IRGC', 'exact', { type: 'aka', weak: false }],
    );
    const bnc = s.matches.find((x: any) => x.subject === 'BNC');
    assert.deepEqual([bnc.sdn_id, bnc.alias], ['306', { type: 'aka', weak: true }]);
    assert.ok(s.review_reasons.some((r: string) => /'BNC', a weak alias of SDN entry 306/.test(r)));
    assert.equal(s.ordinary_collection_paused, true);
  });
});

describe('the judgment sanctions gate', () => {
  test('names the list and its date when the debtor is listed under a 2025 designation', async () => {
    const m = await matterWithAuthority(c, 'Grinex judgment');
    const j = await c.post('/v1/judgments/intake', {
      matter_id: m,
      court: 'Superior Court of California, County of Los Angeles',
      case_number: `BC-${Math.random().toString(36).slice(2, 9)}`,
      jurisdiction: 'US-CA',
      creditor: 'Acme Capital LLC',
      debtor: 'Grinex',
      amount: { amount: '25000.00', currency: 'USD' },
      date_entered: '2025-09-02',
      source_refs: [{ source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/j.pdf' }],
    });
    assert.equal(j.status, 200, JSON.stringify(j.body));
    const v = await c.post(`/v1/judgments/${j.body.judgment_id}/validate`, {});
    assert.equal(v.status, 200, JSON.stringify(v.body));
    const gate = v.body.gates.find((g: any) => g.gate === 'sanctions');
    assert.equal(gate.status, 'fail');
    assert.equal(
      gate.reasons[0],
      "Debtor 'Grinex' matches SDN entry 55045 'GRINEX' (entity; program CYBER4) on the OFAC SDN list (sdn.csv, alt.csv, 2025-11-19).",
    );
    assert.ok(v.body.review_reasons.some((r: string) => /OFAC SDN list of 2025-11-19 \(\d+ days old\)/.test(r)));
  });
});
