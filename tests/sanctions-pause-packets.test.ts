/**
 * The sanctions pause covers a collection packet's whole life (API-CONTRACT §21; security review
 * of 6f1ea35, Medium 6): a packet drafted before a match is not approved, sent, exported or
 * logged as sent (contact log) while `ordinary_collection_paused` is true — 403
 * collection_paused over REST and in the console alike — nor is an issuer remediation packet
 * exported; withdrawing and rejecting stay allowed; once counsel clears the match, the same moves
 * go through.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { packetBody, packetSetup, type PacketSetup } from './helpers/fixtures-packets';
import { fixtureRelationship, staffUser } from './helpers/fixtures-actions';
import { remediationBody } from './helpers/fixtures-issuer';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';
import { waitForExport } from './helpers/exports';

let srv: TestServer;
let c: Client;
let k: Kit;
let counsel: ConsoleSession;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  counsel = await consoleSession(srv.url);
});
after(async () => srv?.stop());

/** A turnover request on the matter (it would move the property, so a hold needs an OFAC
 *  license for it), moved through `moves` before any match. */
async function packet(s: PacketSetup, moves: string[] = [], packet_type = 'turnover') {
  const r = await c.post('/v1/packets/exchange-intercept', packetBody(s, { packet_type }));
  expectStatus(r, 200, 'create packet');
  for (const status of moves) expectStatus(await c.patch(`/v1/packets/${r.body.packet_id}`, { status }), 200, status);
  return r.body.packet_id as string;
}

/** Screens the Lazarus Group wallet on the matter: collection is paused; the review to clear it. */
async function pause(matterId: string) {
  const s = await c.post('/v1/sanctions/screen', { matter_id: matterId, wallets: [LAZARUS_ETH] });
  expectStatus(s, 200, 'screen');
  assert.equal(s.body.ordinary_collection_paused, true);
  const r = await c.post('/v1/sanctions/review-packet', { matter_id: matterId, screen_id: s.body.review_id });
  expectStatus(r, 201, 'review');
  return r.body.review_id as string;
}

async function clear(reviewId: string) {
  const d = await counsel.mutate('sanctions.decide', {
    review_id: reviewId,
    decision: 'cleared',
    reason: 'Address reused by a licensed custodian; OFAC license on file.',
  });
  assert.ok(d.ok, JSON.stringify(d));
  assert.equal((d as any).data.ordinary_collection_paused, false);
}

/** A console refusal: the tRPC error carries the API error (code, message). */
function consoleRefused(r: Awaited<ReturnType<ConsoleSession['mutate']>>, code: string) {
  assert.equal(r.ok, false, JSON.stringify(r));
  const api = (r as any).error.data.api;
  assert.equal(api.code, code, JSON.stringify(api));
  return api as { code: string; message: string };
}

const statusOf = async (id: string) => (await c.get(`/v1/packets/${id}`)).body.status as string;
/** Audit events of one type on the matter (an export request is audited, not an outbox event). */
const audited = async (matterId: string, type: string) => {
  const r = await c.get(`/v1/audit/matters/${matterId}?event_type=${type}&limit=100`);
  expectStatus(r, 200, 'audit');
  return r.body.data.length as number;
};

describe('a collection packet drafted before a match, while the matter is paused', () => {
  test('REST: approving, sending, exporting and logging it as sent are 403 collection_paused; withdraw and reject work; clearing lifts it', async () => {
    const s = await packetSetup(k);
    const toApprove = await packet(s, ['in_review']);
    const toSend = await packet(s, ['in_review', 'approved']);
    const toExport = await packet(s);
    const toWithdraw = await packet(s, ['in_review', 'approved']);
    const toReject = await packet(s, ['in_review']);
    const rel = await fixtureRelationship(k);
    const sender = await staffUser(k);
    const contact = (packetId: string, outcome: string) =>
      c.post(`/v1/relationships/${rel.relationship_id}/contact-log`, {
        matter_id: s.matterId,
        authorized_sender: sender,
        contact_type: 'portal_submission',
        packet_id: packetId,
        outcome,
      });
    const review = await pause(s.matterId);
    const exportsBefore = await audited(s.matterId, 'packet.export_requested');
    const movesBefore = await audited(s.matterId, 'packet.updated');

    const approve = await c.patch(`/v1/packets/${toApprove}`, { status: 'approved' });
    expectError(approve, 403, 'collection_paused');
    assert.match(approve.body.error.message, new RegExp(`Moving packet ${toApprove} to 'approved' is refused`));
    assert.match(approve.body.error.message, /wallet '0x098B716B8Aaf21512996dC57EB0615e2383E2f96'/i);
    assert.equal(approve.body.error.details.matter_id, s.matterId);
    expectError(await c.patch(`/v1/packets/${toSend}`, { status: 'sent' }), 403, 'collection_paused');
    const exp = await c.post(`/v1/packets/${toExport}/export`, { format: 'json' });
    expectError(exp, 403, 'collection_paused');
    assert.match(exp.body.error.message, new RegExp(`Exporting packet ${toExport} is refused`));
    const logged = await contact(toSend, 'sent');
    expectError(logged, 403, 'collection_paused');
    assert.match(logged.body.error.message, new RegExp(`Logging packet ${toSend} as sent is refused`));
    // Nothing moved, nothing was queued or logged.
    assert.deepEqual([await statusOf(toApprove), await statusOf(toSend)], ['in_review', 'approved']);
    assert.equal(await audited(s.matterId, 'packet.export_requested'), exportsBefore);
    assert.equal(await audited(s.matterId, 'packet.updated'), movesBefore);
    assert.equal(await audited(s.matterId, 'contact_log.created'), 0);

    // Stopping the work, and recording what came back, stay allowed.
    expectStatus(await c.patch(`/v1/packets/${toWithdraw}`, { status: 'withdrawn' }), 200, 'withdraw');
    const rej = await c.patch(`/v1/packets/${toReject}`, { status: 'rejected', notes: 'Sanctions hit on the matter' });
    expectStatus(rej, 200, 'reject');
    expectStatus(await contact(toSend, 'no_response'), 201, 'a contact that is not a send');
    expectStatus(await c.patch(`/v1/packets/${toApprove}`, { status: 'draft', notes: 'Hold' }), 200, 'back to draft');

    await clear(review);
    expectStatus(await c.patch(`/v1/packets/${toSend}`, { status: 'sent' }), 200, 'send once cleared');
    expectStatus(await contact(toSend, 'sent'), 201, 'log as sent once cleared');
    expectStatus(await c.post(`/v1/packets/${toExport}/export`, { format: 'json' }), 200, 'export once cleared');
    expectStatus(await c.patch(`/v1/packets/${toApprove}`, { status: 'in_review' }), 200, 'review');
    expectStatus(await c.patch(`/v1/packets/${toApprove}`, { status: 'approved' }), 200, 'approve once cleared');
  });

  test('console: the same four acts are refused the same way; withdraw and reject work; clearing lifts it', async () => {
    const s = await packetSetup(k);
    const toApprove = await packet(s, ['in_review']);
    const toSend = await packet(s, ['in_review', 'approved']);
    const toExport = await packet(s, ['in_review']);
    const toWithdraw = await packet(s);
    const toReject = await packet(s, ['in_review']);
    const rel = await fixtureRelationship(k);
    const sender = await staffUser(k);
    const logContact = (packetId: string, outcome: string) =>
      counsel.mutate('relationships.logContact', {
        relationship_id: rel.relationship_id,
        matter_id: s.matterId,
        authorized_sender: sender,
        contact_type: 'portal_submission',
        packet_id: packetId,
        outcome,
      });
    const review = await pause(s.matterId);

    const approve = consoleRefused(
      await counsel.mutate('packets.update', { packet_id: toApprove, status: 'approved' }),
      'collection_paused',
    );
    assert.match(approve.message, new RegExp(`Moving packet ${toApprove} to 'approved' is refused`));
    consoleRefused(await counsel.mutate('packets.update', { packet_id: toSend, status: 'sent' }), 'collection_paused');
    consoleRefused(
      await counsel.mutate('packets.export', { packet_id: toExport, format: 'pdf', redaction_profile: 'external' }),
      'collection_paused',
    );
    consoleRefused(await logContact(toSend, 'sent'), 'collection_paused');
    assert.deepEqual([await statusOf(toApprove), await statusOf(toSend)], ['in_review', 'approved']);

    const w = await counsel.mutate('packets.update', { packet_id: toWithdraw, status: 'withdrawn' });
    assert.ok(w.ok, JSON.stringify(w));
    const r = await counsel.mutate('packets.update', {
      packet_id: toReject,
      status: 'rejected',
      review_state: { review_notes: 'Sanctions hit on the matter' },
    });
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal((r as any).data.status, 'rejected');

    await clear(review);
    for (const [label, call] of [
      ['approve', () => counsel.mutate('packets.update', { packet_id: toApprove, status: 'approved' })],
      ['send', () => counsel.mutate('packets.update', { packet_id: toSend, status: 'sent' })],
      ['export', () => counsel.mutate('packets.export', { packet_id: toExport, format: 'json' })],
      ['log as sent', () => logContact(toSend, 'sent')],
    ] as const) {
      const ok = await call();
      assert.ok(ok.ok, `${label}: ${JSON.stringify(ok)}`);
    }
  });

  test('console: an issuer freeze packet (remediation) is not exported while paused; rejecting it works; clearing lifts it', async () => {
    const s = await packetSetup(k);
    const made = await c.post('/v1/issuer-remediation/freeze-packet', remediationBody(s));
    expectStatus(made, 201, 'freeze packet');
    const other = await c.post('/v1/issuer-remediation/freeze-packet', remediationBody(s));
    expectStatus(other, 201, 'second freeze packet');
    const review = await pause(s.matterId);
    const exp = consoleRefused(
      await counsel.mutate('issuer.export', { remediation_id: made.body.remediation_id, format: 'json' }),
      'collection_paused',
    );
    assert.match(exp.message, new RegExp(`Exporting issuer remediation ${made.body.remediation_id} is refused`));
    const rej = await counsel.mutate('issuer.move', {
      remediation_id: other.body.remediation_id,
      status: 'rejected',
      notes: 'Sanctions hit on the matter',
    });
    assert.ok(rej.ok, JSON.stringify(rej));
    await clear(review);
    const ok = await counsel.mutate('issuer.export', { remediation_id: made.body.remediation_id, format: 'json' });
    assert.ok(ok.ok, JSON.stringify(ok));
  });

  test('a restraint (freeze) or preservation packet is approved, sent, exported and logged while paused: blocking allows it', async () => {
    const s = await packetSetup(k);
    const freeze = await packet(s, ['in_review'], 'freeze');
    const preserve = await packet(s, [], 'preservation');
    await pause(s.matterId);
    expectStatus(await c.patch(`/v1/packets/${freeze}`, { status: 'approved' }), 200, 'approve a freeze');
    expectStatus(await c.patch(`/v1/packets/${freeze}`, { status: 'sent' }), 200, 'send a freeze');
    expectStatus(await c.post(`/v1/packets/${preserve}/export`, { format: 'json' }), 200, 'export a preservation');
  });

  test('another matter’s pause does not touch this one; a packet of a matter that was never paused moves freely', async () => {
    const paused = await packetSetup(k);
    const free = await packetSetup(k);
    const p = await packet(free, ['in_review']);
    await pause(paused.matterId);
    expectStatus(await c.patch(`/v1/packets/${p}`, { status: 'approved' }), 200, 'approve');
    expectStatus(await c.patch(`/v1/packets/${p}`, { status: 'sent' }), 200, 'send');
  });
});

describe('an export requested before a match', () => {
  test('is not rendered once the matter is paused: it fails once, naming the pause, and nothing is exported', async () => {
    const s = await packetSetup(k);
    const p = await packet(s);
    // The request is accepted while the matter is clear; no worker renders it yet.
    await srv.restart({ MD_EXPORT_WORKER: 'off' });
    const e = await c.post(`/v1/packets/${p}/export`, { format: 'json' });
    expectStatus(e, 200, 'export requested');
    await pause(s.matterId);
    await srv.restart({ MD_EXPORT_WORKER: 'on' });
    const done = await waitForExport(c, e.body.export_id);
    assert.equal(done.status, 'failed', JSON.stringify(done));
    assert.match(done.failure_reason, /paused by a sanctions match/);
    assert.equal(await audited(s.matterId, 'packet.exported'), 0);
    assert.equal(await audited(s.matterId, 'packet.export_failed'), 1);
  });
});
