/**
 * Issuer remediation over HTTP (API-CONTRACT §15): the freeze packet for Tether USDT on the
 * sandbox chain (token from the holdings or packet_type, issuer data, amount), burn/reissue
 * refused without an approved certificate or a court order, certificates screened at once and
 * decided by counsel in the console (never approved for an OFAC-listed wallet), stage moves in
 * the console with their events, and tenancy of the read.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { consoleSession, type ConsoleSession } from './helpers/console-session';
import { makeKit, type Kit } from './helpers/fixtures';
import { LAZARUS_ETH } from './helpers/fixtures-sanctions';
import { packetSetup, COURT_ORDER_REF } from './helpers/fixtures-packets';
import { certificateBody, freshEvmAddress } from './helpers/fixtures-issuer';
import { SOURCE } from './helpers/client';

let srv: TestServer;
let c: Client;
let kit: Kit;
let counsel: ConsoleSession;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
  counsel = await consoleSession(srv.url);
});
after(async () => srv?.stop());

async function fund(address: string, asset: string, amount: string, network = 'ethereum') {
  const r = await c.post('/v1/sandbox/chain/transfers', {
    network,
    from_address: freshEvmAddress(),
    to_address: address,
    asset,
    amount,
  });
  assert.ok(r.status < 300, JSON.stringify(r.body));
}
const body = (s: Awaited<ReturnType<typeof packetSetup>>, over: Record<string, unknown> = {}) => ({
  matter_id: s.matterId,
  judgment_id: s.judgmentId,
  authorized_sender: s.senderId,
  legal_authority_id: s.grantId,
  source_refs: [SOURCE],
  ...over,
});
async function events(matterId: string, type: string) {
  const r = await c.get(`/v1/events?matter_id=${matterId}&type=${type}&limit=100`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data;
}
async function certificate(matterId: string, over: Record<string, unknown> = {}) {
  const r = await c.post('/v1/issuer-remediation/destination-wallet-certificate', certificateBody(matterId, over));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

describe('freeze packet', () => {
  test('Tether USDT on the sandbox chain: token from the holdings, issuer, contract, functions and amount', async () => {
    const s = await packetSetup(kit);
    const holder = freshEvmAddress();
    await fund(holder, 'USDT', '1250.75');
    await fund(holder, 'USDT', '0.25');
    await fund(holder, 'ETH', '2'); // not a stablecoin: ignored
    const r = await c.post('/v1/issuer-remediation/freeze-packet', body(s, { wallets: [holder] }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const x = r.body;
    assert.equal(x.object, 'issuer_remediation');
    assert.match(x.remediation_id, /^rem_/);
    assert.match(x.issuer, /^Tether/);
    assert.equal(x.asset, 'USDT');
    assert.equal(x.network, 'ethereum');
    assert.equal(x.contract, '0xdAC17F958D2ee523a2206206994597C13D831ec7');
    assert.equal(x.freeze_function, 'addBlackList');
    assert.equal(x.check_function, 'isBlackListed');
    assert.deepEqual(x.functions.freeze, ['addBlackList(address _evilUser)']);
    assert.ok(x.functions.burn[0].startsWith('destroyBlackFunds'));
    assert.equal(x.action_type, 'freeze_only');
    assert.equal(x.status, 'freeze_requested');
    assert.equal(x.amount.amount_decimal, '1251');
    assert.equal(x.amount.currency, 'USDT');
    assert.equal(x.holdings.length, 1);
    assert.equal(x.holdings[0].wallet.toLowerCase(), holder);
    assert.equal(x.onchain_status, null, 'the sandbox chain cannot read isBlackListed');
    assert.match(x.holdings[0].status_note, /cannot read isBlackListed/);
    assert.equal(x.signing, 'none');
    assert.equal(x.destination_wallet_certificate_id, null);
    assert.equal(x.review_required, true);
    assert.ok(
      x.review_reasons.some((m: string) => /status was not read/.test(m)),
      x.review_reasons.join(' | '),
    );
    assert.match(x.audit_ref, /^eve_/);
    const got = await c.get(`/v1/issuer-remediation/${x.remediation_id}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.amount.amount_decimal, '1251');
    const ev = await events(s.matterId, 'issuer_remediation.created');
    assert.equal(ev.length, 1);
    assert.equal(ev[0].data.object.remediation_id, x.remediation_id);
  });

  test('packet_type names the token (<ASSET> or <ASSET>:<network>); several or no freezable holdings need it', async () => {
    const s = await packetSetup(kit);
    const holder = freshEvmAddress();
    await fund(holder, 'USDT', '10');
    await fund(holder, 'USDC', '20');
    const amb = await c.post('/v1/issuer-remediation/freeze-packet', body(s, { wallets: [holder] }));
    assert.equal(amb.status, 400, JSON.stringify(amb.body));
    assert.equal(amb.body.error.code, 'parameter_invalid');
    assert.equal(amb.body.error.param, 'packet_type');
    assert.match(amb.body.error.message, /USDT:ethereum/);
    assert.match(amb.body.error.message, /USDC:ethereum/);
    const usdc = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [holder], packet_type: 'USDC' }),
    );
    assert.equal(usdc.status, 201, JSON.stringify(usdc.body));
    assert.equal(usdc.body.asset, 'USDC');
    assert.match(usdc.body.issuer, /Circle/);
    assert.equal(usdc.body.amount.amount_decimal, '20');
    const named = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [holder], packet_type: 'usdt:ethereum' }),
    );
    assert.equal(named.status, 201, JSON.stringify(named.body));
    assert.equal(named.body.asset, 'USDT');
    const empty = await c.post('/v1/issuer-remediation/freeze-packet', body(s, { wallets: [freshEvmAddress()] }));
    assert.equal(empty.status, 400);
    assert.match(empty.body.error.message, /no freezable stablecoin/);
    for (const bad of ['NOPE', 'USDT:dogechain', '???']) {
      const r = await c.post('/v1/issuer-remediation/freeze-packet', body(s, { wallets: [holder], packet_type: bad }));
      assert.equal(r.status, 400, `${bad}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.param, 'packet_type');
    }
    const badWallet = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: ['0x123'], packet_type: 'USDT' }),
    );
    assert.equal(badWallet.status, 400);
    assert.equal(badWallet.body.error.param, 'wallets[0]');
  });
});

describe('destination wallet certificates and burn/reissue', () => {
  test('burn/reissue is refused without an approved certificate and without a court order; counsel approves in the console', async () => {
    const s = await packetSetup(kit);
    const holder = freshEvmAddress();
    await fund(holder, 'USDT', '500');
    const withOrder = body(s, { wallets: [holder], packet_type: 'USDT', source_refs: [SOURCE, COURT_ORDER_REF] });
    const none = await c.post('/v1/issuer-remediation/burn-reissue-packet', withOrder);
    assert.equal(none.status, 409, JSON.stringify(none.body));
    assert.equal(none.body.error.code, 'packet_not_ready');
    assert.match(none.body.error.message, /approved destination wallet certificate/);

    const cert = await certificate(s.matterId);
    assert.equal(cert.object, 'destination_wallet_certificate');
    assert.match(cert.destination_wallet_id, /^dwc_/);
    assert.equal(cert.sanctions_screen_complete, true);
    assert.equal(cert.sanctions_screen_status, 'clear');
    assert.equal(cert.approval_status, 'pending');
    const pending = await c.post('/v1/issuer-remediation/burn-reissue-packet', withOrder);
    assert.equal(pending.status, 409, 'a pending certificate is not enough');

    const approved = await counsel.mutate('issuer.decideCertificate', {
      destination_wallet_id: cert.destination_wallet_id,
      decision: 'approved',
      reason: 'Custodian KYC verified',
    });
    assert.ok(approved.ok, JSON.stringify(approved));
    assert.equal(approved.data.approval_status, 'approved');
    const again = await counsel.mutate('issuer.decideCertificate', {
      destination_wallet_id: cert.destination_wallet_id,
      decision: 'rejected',
    });
    assert.equal(again.ok, false, 'a decided certificate is final');

    const noOrder = await c.post('/v1/issuer-remediation/burn-reissue-packet', { ...withOrder, source_refs: [SOURCE] });
    assert.equal(noOrder.status, 409, JSON.stringify(noOrder.body));
    assert.match(noOrder.body.error.message, /court order/);

    const ok = await c.post('/v1/issuer-remediation/burn-reissue-packet', withOrder);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.action_type, 'burn_reissue');
    assert.equal(ok.body.status, 'burn_requested');
    assert.equal(ok.body.destination_wallet_certificate_id, cert.destination_wallet_id);
    assert.equal(ok.body.readiness.ready, true);
    assert.equal(ok.body.amount.amount_decimal, '500');
  });

  test("an OFAC-listed wallet's certificate is screened at once and can never be approved", async () => {
    const m = await kit.matter();
    const cert = await certificate(m, { wallet_address: LAZARUS_ETH.toLowerCase() });
    assert.equal(cert.sanctions_screen_complete, true);
    assert.equal(cert.sanctions_screen_status, 'match');
    assert.ok(
      cert.sanctions_matches.some((x: any) => /Lazarus/i.test(x.sdn_name) && x.programs.includes('DPRK3')),
      JSON.stringify(cert.sanctions_matches),
    );
    const tryApprove = await counsel.mutate('issuer.decideCertificate', {
      destination_wallet_id: cert.destination_wallet_id,
      decision: 'approved',
    });
    assert.equal(tryApprove.ok, false);
    assert.equal((tryApprove as any).error.data.api.code, 'conflict');
    const list = await counsel.query('issuer.certificates', { matter_id: m });
    assert.ok(list.ok);
    assert.equal(
      list.data.find((x: any) => x.destination_wallet_id === cert.destination_wallet_id).approval_status,
      'pending',
    );
    const rejected = await counsel.mutate('issuer.decideCertificate', {
      destination_wallet_id: cert.destination_wallet_id,
      decision: 'rejected',
      reason: 'OFAC-listed',
    });
    assert.ok(rejected.ok);
    assert.equal(rejected.data.approval_status, 'rejected');
    const late = await counsel.mutate('issuer.decideCertificate', {
      destination_wallet_id: cert.destination_wallet_id,
      decision: 'approved',
    });
    assert.equal(late.ok, false);
  });

  test('certificate input: invalid address or network is 400', async () => {
    const m = await kit.matter();
    const bad = await c.post(
      '/v1/issuer-remediation/destination-wallet-certificate',
      certificateBody(m, { wallet_address: '0xnothex' }),
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'wallet_address');
    const net = await c.post(
      '/v1/issuer-remediation/destination-wallet-certificate',
      certificateBody(m, { network: 'dogechain' }),
    );
    assert.equal(net.status, 400);
    assert.equal(net.body.error.param, 'network');
  });
});

describe('stages in the console', () => {
  test('freeze_requested → frozen → burn_requested (needs the certificate) → … → closed; invalid moves are 409; events', async () => {
    const s = await packetSetup(kit);
    const holder = freshEvmAddress();
    await fund(holder, 'USDT', '75');
    const r = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [holder], source_refs: [SOURCE, COURT_ORDER_REF] }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const id = r.body.remediation_id;
    const move = (status: string) =>
      counsel.mutate('issuer.move', { remediation_id: id, status, notes: `to ${status}` });
    const skip = await move('burned');
    assert.equal(skip.ok, false);
    assert.equal((skip as any).error.data.api.code, 'invalid_state_transition');
    assert.ok((await move('frozen')).ok);
    const noCert = await move('burn_requested');
    assert.equal(noCert.ok, false);
    assert.equal((noCert as any).error.data.api.code, 'packet_not_ready');
    const cert = await certificate(s.matterId);
    assert.ok(
      (
        await counsel.mutate('issuer.decideCertificate', {
          destination_wallet_id: cert.destination_wallet_id,
          decision: 'approved',
        })
      ).ok,
    );
    for (const st of ['burn_requested', 'burned', 'reissued', 'remitted', 'closed']) {
      const x = await move(st);
      assert.ok(x.ok, `${st}: ${JSON.stringify(x)}`);
      assert.equal(x.data.status, st);
    }
    const final = await c.get(`/v1/issuer-remediation/${id}`);
    assert.equal(final.body.status, 'closed');
    assert.equal(final.body.destination_wallet_certificate_id, cert.destination_wallet_id);
    assert.equal(final.body.history.length, 7);
    assert.equal((await move('rejected')).ok, false, 'closed is final');
    assert.equal((await events(s.matterId, 'issuer_remediation.updated')).length, 6);
    const list = await counsel.query('issuer.remediations', { matter_id: s.matterId });
    assert.ok(list.ok);
    assert.equal(list.data.length, 1);
  });

  test('any open stage may be rejected', async () => {
    const s = await packetSetup(kit);
    const r = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [freshEvmAddress()], packet_type: 'USDT:ethereum' }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.amount.amount_decimal, '0');
    const x = await counsel.mutate('issuer.move', {
      remediation_id: r.body.remediation_id,
      status: 'rejected',
      notes: 'Issuer declined',
    });
    assert.ok(x.ok, JSON.stringify(x));
    assert.equal(x.data.status, 'rejected');
  });

  test('another organization sees 404', async () => {
    const s = await packetSetup(kit);
    const r = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [freshEvmAddress()], packet_type: 'USDT' }),
    );
    assert.equal(r.status, 201);
    const missing = await c.get('/v1/issuer-remediation/rem_000000000000000000000000');
    assert.equal(missing.status, 404);
  });
});

describe('export', () => {
  test('a remediation packet exports like packets: JSON bundle and PDF, with issuer_remediation.exported', async () => {
    const s = await packetSetup(kit);
    const holder = freshEvmAddress();
    await fund(holder, 'USDT', '42');
    const r = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      body(s, { wallets: [holder], notes: 'internal note' }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    for (const format of ['json', 'pdf', 'zip']) {
      const e = await counsel.mutate('issuer.export', {
        remediation_id: r.body.remediation_id,
        format,
        redaction_profile: 'external',
      });
      assert.ok(e.ok, JSON.stringify(e));
      assert.equal(e.data.status, 'pending');
      let ready: any;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const g: { status: number; body: any } = await c.get(`/v1/exports/${e.data.export_id}`);
        assert.equal(g.status, 200, JSON.stringify(g.body));
        if (g.body.status !== 'pending') {
          ready = g.body;
          break;
        }
        if (Date.now() > deadline) throw new Error('export still pending');
        await new Promise((res) => setTimeout(res, 150));
      }
      assert.equal(ready.status, 'ready', JSON.stringify(ready));
      const bytes = Buffer.from(await (await fetch(ready.download_url)).arrayBuffer());
      if (format === 'json') {
        const b = JSON.parse(bytes.toString('utf8'));
        assert.equal(b.object, 'issuer_remediation_bundle');
        assert.equal(b.packet.remediation_id, r.body.remediation_id);
        assert.equal(b.packet.freeze_function, 'addBlackList');
        assert.equal(b.packet.notes, undefined, 'external drops internal notes');
      } else if (format === 'pdf') {
        assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      } else {
        assert.equal(bytes.subarray(0, 2).toString(), 'PK');
      }
    }
    assert.equal((await events(s.matterId, 'issuer_remediation.exported')).length, 3);
    const got = await c.get(`/v1/issuer-remediation/${r.body.remediation_id}`);
    assert.equal(got.body.latest_export.status, 'ready');
  });
});
