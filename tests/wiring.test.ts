/**
 * The cross-module seams over HTTP: packets take their recipient from the relationship
 * registry and their exchange hypotheses from the chain module; contact logs and actions look
 * their packet up on the same matter; a counterparty lists the packets addressed to it; a
 * hypothesis's packet readiness follows the exchange relationships and the sanctions pause;
 * the matter dashboard counts open packets.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, packetBody, packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { fixtureRelationship, staffUser } from './helpers/fixtures-actions';
import { BINANCE_9 } from './helpers/fixtures-chain';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';

let srv: TestServer;
let c: Client;
let k: Kit;

before(async () => {
  // On a blank database, so that the suite also runs every migration the way a first start does
  // (the other servers start from a copy of the migrated template).
  srv = await startServer({}, { blankDatabase: true });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
});
after(async () => {
  await srv?.stop();
});

async function packet(s: PacketSetup, family = 'exchange-intercept', over: Record<string, unknown> = {}) {
  const r = await c.post(`/v1/packets/${family}`, packetBody(s, over));
  expectStatus(r, 200, `create ${family}`);
  return r.body;
}

describe('packets ↔ relationships', () => {
  test("a packet's recipient is the relationship of the wallets' exchange that takes its type; the counterparty lists the packet", async () => {
    // The packet's wallet is a Coinbase address: its recipient is the Coinbase channel taking the
    // type (packetSetup registers it), never another exchange's, however low its risk.
    const s = await packetSetup(k);
    const other = await fixtureRelationship(k, { packet_types_supported: ['exchange_turnover'], risk_level: 'low' });
    const p = await packet(s, 'exchange-turnover', { packet_type: 'turnover', wallets: [COINBASE_WALLET] });
    assert.match(p.recipient?.counterparty_name ?? '', /^Coinbase/);
    assert.notEqual(p.recipient.relationship_id, other.relationship_id);
    assert.equal(p.recipient.channel_type, 'legal_process_portal');
    const rel = await c.get(`/v1/relationships/${p.recipient.relationship_id}`);
    expectStatus(rel, 200, 'relationship');
    const cp = await c.get(`/v1/relationships/counterparties/${rel.body.counterparty_id}`);
    expectStatus(cp, 200, 'counterparty');
    const listed = cp.body.packets.find((x: { packet_id: string }) => x.packet_id === p.packet_id);
    assert.ok(listed, 'the counterparty lists the packet addressed to it');
    assert.deepEqual(
      { type: listed.type, status: listed.status, relationship_id: listed.relationship_id },
      { type: 'exchange_turnover', status: 'draft', relationship_id: p.recipient.relationship_id },
    );
  });

  test('a contact log carrying a packet of a type the channel does not take is 403 channel_not_permitted', async () => {
    const rel = await fixtureRelationship(k, { packet_types_supported: ['exchange_freeze'] });
    const s = await packetSetup(k);
    const p = await packet(s);
    const sender = await staffUser(k);
    const r = await c.post(`/v1/relationships/${rel.relationship_id}/contact-log`, {
      matter_id: s.matterId,
      authorized_sender: sender,
      contact_type: 'portal_submission',
      packet_id: p.packet_id,
      outcome: 'sent',
    });
    expectError(r, 403, 'channel_not_permitted');
    assert.equal(r.body.error.details?.rule, 'packet_type_not_supported');
  });

  test("a contact log naming another matter's packet is 400 on packet_id; the right one is logged with its packet", async () => {
    const rel = await fixtureRelationship(k);
    const s = await packetSetup(k);
    const other = await packet(await packetSetup(k));
    const sender = await staffUser(k);
    const body = {
      matter_id: s.matterId,
      authorized_sender: sender,
      contact_type: 'portal_submission',
      outcome: 'sent',
    };
    const bad = await c.post(`/v1/relationships/${rel.relationship_id}/contact-log`, {
      ...body,
      packet_id: other.packet_id,
    });
    expectError(bad, 400, 'parameter_invalid');
    assert.equal(bad.body.error.param, 'packet_id');
    const own = await packet(s);
    const ok = await c.post(`/v1/relationships/${rel.relationship_id}/contact-log`, {
      ...body,
      packet_id: own.packet_id,
    });
    expectStatus(ok, 201, 'contact log');
    assert.equal(ok.body.packet_id, own.packet_id);
  });
});

describe('actions → packets', () => {
  test("linked_packet_id must be a packet of the action's matter (400 otherwise)", async () => {
    const s = await packetSetup(k);
    const own = await packet(s);
    const foreign = await packet(await packetSetup(k));
    const body = { matter_id: s.matterId, type: 'vasp_legal_process', title: 'Serve the exchange' };
    const bad = await c.post('/v1/actions', { ...body, linked_packet_id: foreign.packet_id });
    expectError(bad, 400, 'parameter_invalid');
    assert.equal(bad.body.error.param, 'linked_packet_id');
    const missing = await c.post('/v1/actions', { ...body, linked_packet_id: 'pac_000000000000000000000000' });
    expectError(missing, 400, 'parameter_invalid');
    const ok = await c.post('/v1/actions', { ...body, linked_packet_id: own.packet_id });
    expectStatus(ok, 200, 'action');
    assert.equal(ok.body.linked_packet_id, own.packet_id);
  });
});

describe('chain ↔ relationships and sanctions', () => {
  test('hypothesis packet_readiness: needs_relationship, then ready with an exchange relationship, then collection_paused after a sanctions match', async () => {
    const m = await k.matter();
    const readiness = async () => {
      const r = await c.post('/v1/crypto/exchange-hypotheses', {
        matter_id: m,
        wallets: [BINANCE_9],
        min_confidence: 0,
      });
      expectStatus(r, 200, 'hypotheses');
      const h = r.body.items.find((x: { exchange: string }) => x.exchange === 'binance');
      assert.ok(h, `a binance hypothesis: ${JSON.stringify(r.body.items)}`);
      return h.packet_readiness;
    };
    assert.equal(await readiness(), 'needs_relationship');
    await fixtureRelationship(k, {
      counterparty_name: 'Binance Holdings Ltd.',
      packet_types_supported: ['exchange_freeze'],
    });
    assert.equal(await readiness(), 'ready');
    expectStatus(await c.post('/v1/sanctions/screen', { matter_id: m, wallets: [LAZARUS_ETH] }), 200, 'screen');
    assert.equal(await readiness(), 'collection_paused');
  });

  test("a packet's contents carry the chain module's hypotheses with their readiness", async () => {
    const s = await packetSetup(k);
    const p = await packet(s, 'exchange-intercept', { wallets: [BINANCE_9] });
    const hs = p.contents.exchange_hypotheses as {
      exchange: string;
      basis: string;
      packet_readiness: string;
      review_required: boolean;
    }[];
    const h = hs.find((x) => x.exchange === 'binance');
    assert.ok(h, JSON.stringify(hs));
    assert.equal(h.basis, 'label');
    assert.ok(['ready', 'needs_relationship'].includes(h.packet_readiness));
    assert.equal(h.review_required, true);
  });
});

describe('matter dashboard', () => {
  test("open_packets counts the matter's packets in play", async () => {
    const s = await packetSetup(k);
    await packet(s);
    await packet(s, 'exchange-freeze', { packet_type: 'freeze' });
    const d = await c.get(`/v1/matters/${s.matterId}/dashboard`);
    expectStatus(d, 200, 'dashboard');
    assert.equal(d.body.open_packets, 2);
    assert.equal(d.body.known_crypto_exposure.amount_decimal, '0');
  });
});
