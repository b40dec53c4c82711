/**
 * A whole integrator flow on the typed client, with no casts: a matter with authority and a
 * judgment, a counsel sender, an exchange-freeze packet, its export downloaded and checked
 * against its sha256, the matter's audit trail paged to the end, and its hash chain verified.
 * Run it against a server: MD_BASE_URL=http://127.0.0.1:3000 MD_API_KEY=md_test_… npx tsx examples/integrator-flow.ts
 * (it typechecks under `strict` and `noUncheckedIndexedAccess`: see tsconfig.json).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  configure,
  createExchangeFreezePacket,
  createMatter,
  exportPacket,
  getExport,
  grantAuthority,
  intakeJudgment,
  inviteUser,
  listMatterAudit,
  verifyMatterAudit,
  type AuditEvent,
  type Export,
} from '../src/index.ts';

const baseUrl = process.env.MD_BASE_URL ?? 'http://127.0.0.1:3000';
configure({ baseUrl, apiKey: process.env.MD_API_KEY ?? '' });
const once = () => ({ 'Idempotency-Key': randomUUID() });

// A matter (in the key's own organization), a counsel user there to sign the packet, authority
// on the matter, and the judgment.
const matter = (
  await createMatter({
    body: { name: 'Acme Capital v. Harbor Lane Widgets', mode: 'enforcement' },
    headers: once(),
    throwOnError: true,
  })
).data;
const counsel = await inviteUser({
  path: { organization_id: matter.organization_id },
  body: { email: `counsel-${randomUUID()}@example.test`, name: 'J. Counsel', roles: ['counsel'] },
  headers: once(),
  throwOnError: true,
});
const grant = (
  await grantAuthority({
    path: { matter_id: matter.matter_id },
    body: {
      basis: 'engagement_letter',
      granted_by: 'Acme Capital GC',
      source_refs: [{ source_type: 'engagement_letter', title: 'Engagement letter' }],
    },
    headers: once(),
    throwOnError: true,
  })
).data;
const judgment = (
  await intakeJudgment({
    body: {
      matter_id: matter.matter_id,
      court: 'U.S. District Court, S.D.N.Y.',
      case_number: `1:24-cv-${Date.now() % 100000}`,
      jurisdiction: 'US-FED-NY',
      creditor: 'Acme Capital LLC',
      debtor: 'Harbor Lane Widgets LLC',
      amount: { amount_decimal: '250000.00', currency: 'USD' },
      date_entered: '2024-03-01',
      source_refs: [{ source_type: 'judgment', title: 'Judgment entered 2024-03-01' }],
    },
    headers: once(),
    throwOnError: true,
  })
).data;

// The packet and its export.
const packet = (
  await createExchangeFreezePacket({
    body: {
      matter_id: matter.matter_id,
      judgment_id: judgment.judgment_id,
      packet_type: 'freeze',
      wallets: ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'],
      authorized_sender: counsel.data.user_id,
      legal_authority_id: grant.authority_id,
      source_refs: [{ source_type: 'court_order', title: 'Restraining order' }],
    },
    headers: once(),
    throwOnError: true,
  })
).data;
let exp: Export = (
  await exportPacket({
    path: { packet_id: packet.packet_id },
    body: { format: 'json', redaction_profile: 'external' },
    headers: once(),
    throwOnError: true,
  })
).data;
for (let i = 0; exp.status === 'pending' && i < 60; i++) {
  await new Promise((r) => setTimeout(r, 500));
  exp = (await getExport({ path: { export_id: exp.export_id }, throwOnError: true })).data;
}
if (exp.status !== 'ready' || !exp.download_url) throw new Error(`export ${exp.export_id} is ${exp.status}`);

// The download link is its own credential: no API key. Its bytes must match the export's sha256.
const file = await fetch(new URL(exp.download_url, baseUrl));
const bytes = Buffer.from(await file.arrayBuffer());
const sha256 = createHash('sha256').update(bytes).digest('hex');
if (!file.ok || sha256 !== exp.sha256) throw new Error(`download ${file.status}: sha256 ${sha256} ≠ ${exp.sha256}`);

// The audit trail, paged to its end, then the hash chain recomputed.
const events: AuditEvent[] = [];
let after: string | undefined;
for (;;) {
  const page = await listMatterAudit({
    path: { matter_id: matter.matter_id },
    query: { limit: 5, ...(after ? { starting_after: after } : {}) },
    throwOnError: true,
  });
  events.push(...page.data.data);
  const last = page.data.data.at(-1);
  if (!page.data.has_more || !last) break;
  after = last.event_id;
}
const chain = (await verifyMatterAudit({ path: { matter_id: matter.matter_id }, throwOnError: true })).data;
if (!chain.valid || chain.events_checked < events.length) throw new Error(`audit chain: ${JSON.stringify(chain)}`);
console.log(
  `packet ${packet.packet_id}: export ${exp.export_id} (${bytes.length} bytes, sha256 ok); ${events.length} audit events paged, chain valid`,
);
