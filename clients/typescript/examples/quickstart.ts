/**
 * Quickstart: create a matter, grant authority on it, and take in a judgment.
 * Run it against a server: MD_BASE_URL=http://127.0.0.1:3000 MD_API_KEY=md_test_… npx tsx examples/quickstart.ts
 */
import { configure, createMatter, grantAuthority, intakeJudgment, type Judgment, type Matter } from '../src/index.ts';

configure({ baseUrl: process.env.MD_BASE_URL ?? 'http://127.0.0.1:3000', apiKey: process.env.MD_API_KEY ?? '' });

// 1. A matter; the Idempotency-Key makes a retry of this request safe.
const created = await createMatter({
  body: {
    name: 'Acme Capital v. Harbor Lane Widgets',
    mode: 'enforcement',
    economics: { contingency_fee_pct: 25, currency: 'USD' },
  },
  headers: { 'Idempotency-Key': crypto.randomUUID() },
  throwOnError: true,
});
const matter: Matter = created.data;

// 2. Authority: gated operations (judgment intake, ledger entries …) refuse to run without it.
const grant = await grantAuthority({
  path: { matter_id: matter.matter_id },
  body: {
    basis: 'engagement_letter',
    granted_by: 'Acme Capital GC',
    source_refs: [{ source_type: 'engagement_letter', title: 'Engagement letter 2026-11-01' }],
  },
  throwOnError: true,
});

// 3. A judgment. Send money as amount_decimal (a string): JavaScript numbers lose digits.
const intake = await intakeJudgment({
  body: {
    matter_id: matter.matter_id,
    court: 'U.S. District Court, S.D.N.Y.',
    case_number: `1:23-cv-${Date.now() % 100000}`,
    jurisdiction: 'US-FED-NY',
    creditor: 'Acme Capital LLC',
    debtor: 'Harbor Lane Widgets LLC',
    amount: { amount_decimal: '12345678901234567.12', currency: 'USD' },
    date_entered: '2023-03-01',
  },
  throwOnError: true,
});
const judgment: Judgment = intake.data;

if (judgment.amount.amount_decimal !== '12345678901234567.12')
  throw new Error(`amount_decimal lost digits: ${judgment.amount.amount_decimal}`);
console.log(
  `matter ${matter.matter_id} (authority ${grant.data.status}), judgment ${judgment.judgment_id} for ${judgment.amount.amount_decimal} ${judgment.amount.currency}, audit ${judgment.audit_ref}`,
);
