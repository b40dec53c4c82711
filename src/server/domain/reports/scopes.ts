/**
 * What a report may read (API-CONTRACT §21): a section needs the read scope of the module it
 * is read from, the one the same caller would need to read that data over REST, or it is left
 * out and says so. A report thus never shows more than its creator could read directly, and its
 * exports (re-derived from the stored sections) never show more than the report.
 */
export const READ_SCOPES = {
  /** The matter's status, mode, lead counsel and internal notes (GET /v1/matters/{id}). */
  matter: 'matters:read',
  judgments: 'judgments:read',
  claimants: 'claimants:read',
  /** Ledger figures and every economics: the operator's fee and share, claimants' shares. */
  ledger: 'ledger:read',
  /** Asset maps (GET /v1/crypto/asset-map/{id}). */
  assets: 'crypto:read',
  actions: 'actions:read',
  packets: 'packets:read',
  alerts: 'monitoring:read',
  sanctions: 'sanctions:read',
} as const;
export type DataKind = keyof typeof READ_SCOPES;

/**
 * What each section is read from; it needs every one of these or is left out whole. An
 * enforcement plan is the judgment's (made under it, from its gates). The summary is read part
 * by part instead (services/reports/matter-data.ts), each part with its own scope.
 */
export const SECTION_READS: Record<string, readonly DataKind[]> = {
  judgments: ['judgments'],
  assets: ['assets'],
  plan: ['judgments'],
  actions: ['actions'],
  packets: ['packets'],
  alerts: ['alerts'],
  ledger: ['ledger'],
  sanctions: ['sanctions'],
  recoveries: ['ledger'],
  your_share: ['claimants', 'ledger'],
  next_steps: ['actions', 'judgments'],
};

/** The summary's parts that need a scope (the matter's id and name always show). */
export const SUMMARY_PARTS = {
  matter: 'matter details',
  judgments: 'judgment count',
  claimants: 'claimants',
  ledger: 'ledger figures and economics',
} as const satisfies Partial<Record<DataKind, string>>;

/** The scopes among `kinds` that `can` does not grant, in order, once each. */
export const missingScopes = (kinds: readonly DataKind[], can: (scope: string) => boolean) =>
  [...new Set(kinds.map((k) => READ_SCOPES[k]))].filter((s) => !can(s));

export interface Omitted {
  required_scopes: string[];
}
export interface OmittedPart {
  part: string;
  required_scope: string;
}

/** A section's data when its creator lacked its read scopes: only what it would have needed. */
export const omittedSection = (scopes: string[]): { omitted: Omitted } => ({ omitted: { required_scopes: scopes } });

export const omittedBody = (o: unknown) =>
  `Left out: this section needs the ${((o as Omitted).required_scopes ?? []).join(' and ')} scope${(o as Omitted).required_scopes?.length === 1 ? '' : 's'}, which the report's creator does not hold.`;

/** The summary's sentence naming the parts it left out (empty when none). */
export const omittedPartsSentence = (parts: OmittedPart[] | undefined) =>
  parts?.length
    ? `Left out, as the report's creator does not hold their scopes: ${parts.map((p) => `${p.part} (${p.required_scope})`).join('; ')}.`
    : '';
