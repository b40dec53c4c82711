/**
 * Fixture rows of the Issuer Remediation folder (spread into the table in fixtures.ts).
 *
 * The packets name their token in packet_type, so they need no funded wallet. A burn/reissue
 * needs an approved destination wallet certificate (counsel approves it in the console, the
 * bootstrap admin's session here) and a court order (packetBody cites one). As for packets,
 * while `kit.authority` is false a creation's matter has its grant revoked, and the remediation
 * read lets its grant lapse after the remediation is created.
 */
import { randomBytes } from 'node:crypto';
import { consoleSession } from './console-session';
import { COINBASE_WALLET, packetBody, packetSetup, type PacketSetup } from './fixtures-packets';
import type { Fixture, Kit } from './fixtures';

const LAPSE_MS = 6000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function must(p: Promise<{ status: number; body: any }>, what: string, status: number) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A fresh EVM address (on no list). */
export const freshEvmAddress = () => `0x${randomBytes(20).toString('hex')}`;

export const certificateBody = (matterId: string, over: Record<string, unknown> = {}) => ({
  matter_id: matterId,
  wallet_address: freshEvmAddress(),
  network: 'ethereum',
  purpose: 'Receive reissued USDT for the judgment creditor',
  owner: 'Acme Capital LLC',
  custodian: 'Fixture Trust Company',
  signer_model: '2-of-3 multisig (custodian HSM)',
  allowed_assets: ['USDT'],
  ...over,
});

/** Counsel's decision on a certificate, in the console (the only way to decide it). */
export async function decideCertificate(
  k: Kit,
  id: string,
  decision: 'approved' | 'rejected',
  reason = 'fixture decision',
) {
  const session = await consoleSession(k.c.baseUrl);
  return session.mutate('issuer.decideCertificate', { destination_wallet_id: id, decision, reason });
}

/** An approved, clear destination wallet certificate on the matter. */
export async function approvedCertificate(k: Kit, matterId: string) {
  const cert = await must(
    k.c.post('/v1/issuer-remediation/destination-wallet-certificate', certificateBody(matterId)),
    'certificate',
    201,
  );
  const d = await decideCertificate(k, cert.destination_wallet_id, 'approved');
  if (!d.ok) throw new Error(`fixture setup (approve certificate) failed: ${JSON.stringify(d.error)}`);
  return cert.destination_wallet_id as string;
}

export const remediationBody = (s: PacketSetup, over: Record<string, unknown> = {}) =>
  packetBody(s, { wallets: [COINBASE_WALLET], packet_type: 'USDT:ethereum', ...over });

const creation = (path: string, certificate: boolean): Fixture => ({
  level: 'matter',
  build: async (k) => {
    const s = await packetSetup(k);
    if (certificate) await approvedCertificate(k, s.matterId);
    if (!k.authority)
      await must(
        k.c.post(`/v1/matters/${s.matterId}/authority/${s.grantId}/revoke`, { reason: 'gate check' }),
        'revoke',
        200,
      );
    return { path: `/v1/issuer-remediation/${path}`, body: remediationBody(s), matterId: s.matterId };
  },
});

export const issuerFixtures: Record<string, Fixture> = {
  createIssuerFreezePacket: creation('freeze-packet', false),
  createIssuerBurnReissuePacket: creation('burn-reissue-packet', true),
  createDestinationWalletCertificate: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: '/v1/issuer-remediation/destination-wallet-certificate', body: certificateBody(m), matterId: m };
    },
  },
  decideDestinationWalletCertificate: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      const cert = await must(
        k.c.post('/v1/issuer-remediation/destination-wallet-certificate', certificateBody(m)),
        'certificate',
        201,
      );
      return {
        path: `/v1/issuer-remediation/destination-wallet-certificate/${cert.destination_wallet_id}/decision`,
        body: { decision: 'approved', reason: 'Fixture: custody and signers checked.' },
        matterId: m,
      };
    },
  },
  getIssuerRemediation: {
    level: 'matter',
    build: async (k) => {
      const s = await packetSetup(k, { lapseMs: k.authority ? undefined : LAPSE_MS });
      const r = await must(k.c.post('/v1/issuer-remediation/freeze-packet', remediationBody(s)), 'freeze packet', 201);
      if (s.lapsesAt) {
        if (Date.now() >= s.lapsesAt) throw new Error(`fixture setup (lapsing authority) took over ${LAPSE_MS} ms`);
        await sleep(s.lapsesAt - Date.now() + 50);
      }
      return { path: `/v1/issuer-remediation/${r.remediation_id}`, matterId: s.matterId };
    },
  },
};
