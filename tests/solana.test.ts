/**
 * Issue 31, part 1 (Solana): the token registry knows Circle's USDC and Tether's USDT by their
 * Solana mints, both freezable by the issuer (SPL Token FreezeAccount), USDC with no wipe; Solana
 * addresses (base58 of a 32-byte public key) are accepted wherever a wallet is taken on the
 * solana network, and a malformed one is 400 parameter_invalid naming the field. Through HTTP on
 * the sandbox chain.
 *
 * Mints (data/tokens/PROVENANCE.md, "Solana mints"): USDC EPjFWdd5…Dt1v (solana.com token docs,
 * Privy's SDK reference), USDT Es9vMFrz…NwYB (Solana token lists); 6 decimals each.
 */
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { base58 } from '@scure/base';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client, SOURCE } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress, sandboxTransfer } from './helpers/fixtures-chain';
import { packetSetup } from './helpers/fixtures-packets';
import { certificateBody, remediationBody } from './helpers/fixtures-issuer';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
/** Circle's USDC pre-mint address on Solana (Circle's blog): a real 44-character account. */
const CIRCLE_PREMINT = 'FSxJ85FXVsXSr51SeWf9ciJWTcRnqKFSmBgRDeL3KyWw';
/** The System Program: 32 zero bytes, the shortest Solana address (32 characters). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A fresh Solana account key (32 random bytes in base58). */
const solAddress = () => base58.encode(randomBytes(32));

/** Not Solana addresses, each with the reason it fails. */
const MALFORMED: [string, string][] = [
  [`${USDC_MINT}v`, '45 characters: decodes to 33 bytes'],
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', "'0' is not in the base58 alphabet"],
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtIl', "'I' and 'l' are not in the base58 alphabet"],
  ['z'.repeat(44), 'decodes to 33 bytes'],
  ['1'.repeat(31), '31 characters: 31 bytes'],
  ['So1111', 'too short'],
];

let srv: TestServer;
let c: Client;
let k: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
});
after(async () => srv?.stop());

const send = (to: string, asset: string, amount: string, over: Record<string, unknown> = {}) =>
  sandboxTransfer(k, { network: 'solana', from_address: solAddress(), to_address: to, asset, amount, ...over });

describe('Solana addresses', () => {
  test('wallet import takes real Solana addresses, by network or alone, and refuses malformed ones', async () => {
    const m = await k.matter();
    const r = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [
        { address: CIRCLE_PREMINT, network: 'solana', role: 'counterparty' },
        { address: SYSTEM_PROGRAM, role: 'unknown' },
        { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', role: 'debtor_owned' },
      ],
    });
    expectStatus(r, 201, 'import');
    assert.deepEqual(
      r.body.wallets.map((w: any) => [w.address, w.network]),
      [
        [CIRCLE_PREMINT, 'solana'],
        [SYSTEM_PROGRAM, 'solana'],
        ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'solana'],
      ],
      'a bare Solana address means the solana network; base58 case is kept',
    );
    for (const [bad, why] of MALFORMED) {
      const e = await c.post('/v1/attribution/wallets/import', {
        matter_id: m,
        wallets: [{ address: bad, network: 'solana' }],
      });
      expectError(e, 400, 'parameter_invalid', { param: 'wallets[0].address' });
      assert.ok(e.status === 400, why);
    }
    expectError(
      await c.post('/v1/attribution/wallets/import', {
        matter_id: m,
        wallets: [{ address: evmAddress(), network: 'solana' }],
      }),
      400,
      'parameter_invalid',
      { param: 'wallets[0].address' },
    );
    expectError(
      await c.post('/v1/attribution/wallets/import', {
        matter_id: m,
        wallets: [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: 'solana' }],
      }),
      400,
      'parameter_invalid',
      { param: 'wallets[0].address' },
    );
  });

  test('sandbox transfers, certificates and watchlists validate Solana addresses', async () => {
    for (const [bad] of MALFORMED.slice(0, 3))
      expectError(
        await c.post('/v1/sandbox/chain/transfers', {
          network: 'solana',
          from_address: solAddress(),
          to_address: bad,
          asset: 'SOL',
          amount: '1',
        }),
        400,
        'parameter_invalid',
        { param: 'to_address' },
      );
    expectError(
      await c.post('/v1/sandbox/chain/transfers', {
        network: 'solana',
        from_address: solAddress(),
        to_address: solAddress(),
        asset: 'USDC',
        amount: '1',
        token_contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      }),
      400,
      'parameter_invalid',
      { param: 'token_contract' },
    );
    const m = await k.matter();
    const cert = await c.post(
      '/v1/issuer-remediation/destination-wallet-certificate',
      certificateBody(m, { wallet_address: CIRCLE_PREMINT, network: 'solana', allowed_assets: ['USDC'] }),
    );
    expectStatus(cert, 201, 'solana certificate');
    assert.equal(cert.body.network, 'solana');
    assert.equal(cert.body.wallet_address, CIRCLE_PREMINT);
    expectError(
      await c.post(
        '/v1/issuer-remediation/destination-wallet-certificate',
        certificateBody(m, { wallet_address: MALFORMED[0][0], network: 'solana' }),
      ),
      400,
      'parameter_invalid',
      { param: 'wallet_address' },
    );
    const w = await c.post('/v1/watchlists', {
      matter_id: m,
      name: 'Solana wallets',
      chains: ['solana'],
      addresses: [CIRCLE_PREMINT],
      reason: 'Debtor-controlled per the asset map',
      source_refs: [SOURCE],
    });
    expectStatus(w, 201, 'solana watchlist');
    assert.deepEqual(
      w.body.address_details.map((d: any) => [d.address, d.network]),
      [[CIRCLE_PREMINT, 'solana']],
    );
  });
});

describe('Solana USDC and USDT by mint', () => {
  test("USDC and USDT default to the issuers' mints; another mint calling itself USDC is unverified", async () => {
    const holder = solAddress();
    const usdc = await send(holder, 'USDC', '25000');
    assert.equal(usdc.token_contract, USDC_MINT);
    assert.equal(usdc.token_status, 'verified');
    assert.match(usdc.token_issuer, /^Circle/);
    assert.match(usdc.transaction_hash, /^[1-9A-HJ-NP-Za-km-z]{80,90}$/, 'a base58 64-byte signature');
    const usdt = await send(holder, 'USDT', '10000');
    assert.equal(usdt.token_contract, USDT_MINT);
    assert.match(usdt.token_issuer, /^Tether/);
    // Base58 is case-sensitive: a mint that differs from Circle's in one letter's case is another token.
    const lookalike = await send(solAddress(), 'USDC', '5', {
      token_contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1V',
    });
    assert.equal(lookalike.token_status, 'unverified');
    // The brief's mistyped USDT mint is a well-formed key, but not Tether's mint.
    const wrong = await send(solAddress(), 'USDT', '5', {
      token_contract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY2oVaH7Nh4xH8i',
    });
    assert.equal(wrong.token_status, 'unverified');
  });

  test('exposure: both are freezable by their issuer (FreezeAccount), USDC freeze only; valued at the peg', async () => {
    const s = await packetSetup(k);
    const holder = solAddress();
    expectStatus(
      await c.post('/v1/attribution/wallets/import', {
        matter_id: s.matterId,
        wallets: [{ address: holder, network: 'solana', role: 'debtor_owned' }],
      }),
      201,
      'import',
    );
    await send(holder, 'USDC', '25000');
    await send(holder, 'USDT', '10000');
    await send(holder, 'SOL', '3', { timestamp: '2021-11-09T12:00:00Z' });
    const r = await c.post('/v1/crypto/stablecoin-exposure', { matter_id: s.matterId, wallets: [holder] });
    expectStatus(r, 200, 'exposure');
    const by = Object.fromEntries(r.body.items.map((i: any) => [i.asset, i]));
    assert.deepEqual(Object.keys(by).sort(), ['USDC', 'USDT'], 'SOL is not a stablecoin');
    assert.match(by.USDC.issuer, /^Circle/);
    assert.equal(by.USDC.network, 'solana');
    assert.equal(by.USDC.contract, USDC_MINT);
    assert.equal(by.USDC.amount, 25000);
    assert.equal(by.USDC.usd_value, 25000);
    assert.equal(by.USDC.remediation_candidates[0].action_type, 'freeze_only');
    assert.equal(by.USDC.remediation_candidates[0].freeze_function, 'FreezeAccount');
    assert.deepEqual(by.USDC.remediation_candidates[0].burn_functions, [], 'USDC has no wipe');
    assert.equal(by.USDT.contract, USDT_MINT);
    assert.match(by.USDT.issuer, /^Tether/);
    assert.equal(by.USDT.remediation_candidates[0].freeze_function, 'FreezeAccount');
    for (const i of r.body.items) {
      assert.equal(i.valuation_basis, 'peg');
      assert.equal(i.price_usd, 1);
      assert.equal(i.review_required, true, 'the freeze authority is not read from the chain');
      assert.ok(i.review_reasons.some((x: string) => /freeze authority/.test(x)));
    }
    const bad = await c.post('/v1/crypto/stablecoin-exposure', {
      matter_id: s.matterId,
      wallets: [{ address: MALFORMED[1][0], network: 'solana' }],
    });
    expectError(bad, 400, 'parameter_invalid', { param: 'wallets[0].address' });

    // The asset map values native SOL at its dated close and counts both stablecoins.
    const map = await c.post('/v1/crypto/asset-map', { matter_id: s.matterId, wallets: [holder] });
    expectStatus(map, 200, 'asset map');
    const sol = map.body.token_exposures.find((t: any) => t.asset === 'SOL');
    assert.equal(sol.token_status, 'native');
    assert.equal(sol.valuation_basis, 'daily_close');
    assert.equal(sol.price_date, '2025-09-30', 'the last SOL close of the shipped data');
    assert.equal(sol.price_usd, 209.0222625732422);
    // 3 × 209.0222625732422 = 627.0667877197266, kept to 8 places.
    assert.equal(sol.usd_value, 627.06678772);
    assert.equal(map.body.known_exposure.usd_value, 35627.06678772);
  });

  test('issuer freeze packet for USDC:solana names Circle, the mint and FreezeAccount', async () => {
    const s = await packetSetup(k);
    const holder = solAddress();
    await send(holder, 'USDC', '12500.5');
    const r = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      remediationBody(s, { wallets: [holder], packet_type: 'USDC:solana', source_refs: [SOURCE] }),
    );
    expectStatus(r, 201, 'freeze packet');
    assert.equal(r.body.action_type, 'freeze_only');
    assert.match(r.body.issuer, /^Circle/);
    assert.equal(r.body.network, 'solana');
    assert.equal(r.body.contract, USDC_MINT);
    assert.match(r.body.functions.freeze[0], /^FreezeAccount/);
    assert.deepEqual(r.body.functions.burn, []);
    assert.equal(r.body.amount.amount_decimal, '12500.5');
    assert.equal(r.body.review_required, true);
    // Held alone, the token is found without naming it.
    const holder2 = solAddress();
    await send(holder2, 'USDT', '700');
    const t = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      remediationBody(s, { wallets: [holder2], packet_type: undefined, source_refs: [SOURCE] }),
    );
    expectStatus(t, 201, 'freeze packet (held token)');
    assert.equal(t.body.asset, 'USDT');
    assert.equal(t.body.network, 'solana');
    assert.equal(t.body.contract, USDT_MINT);
    expectError(
      await c.post(
        '/v1/issuer-remediation/freeze-packet',
        remediationBody(s, { wallets: [MALFORMED[2][0]], packet_type: 'USDC:solana', source_refs: [SOURCE] }),
      ),
      400,
      'parameter_invalid',
      { param: 'wallets[0]' },
    );
  });
});
