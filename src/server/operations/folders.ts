/**
 * The folders of operations.json, in its order, with a line for the reference's tags and the
 * Postman folders. A folder missing here still works (it gets a generic line); add its text
 * when its module lands.
 */
export const FOLDER_TEXT: Record<string, string> = {
  Health: "Service status, API version and the calling key's capabilities.",
  Organizations: "The caller's organization tree and its feature flags.",
  'API Keys': 'Scoped API keys: issue, list, revoke and roll.',
  Users: 'Console users, their roles and matter permissions.',
  Matters: 'Matters (the container for authority, judgments and the audit chain) and authority grants.',
  Claimants: 'Creditors, assignees and other recovery-interest holders of a matter.',
  Judgments: 'Judgment intake, enforcement-readiness validation, deadlines, enforcement profile and plan.',
  Ledger: "Immutable ledger entries and the matter's balance (principal, interest, costs, recoveries).",
  Packets: 'Legal work products prepared for review and export.',
  Relationships: 'Links between parties, wallets and entities.',
  Actions: 'Tasks and their assignment and completion.',
  Crypto: 'Wallets, transactions and exposure.',
  Attribution: 'Attributing wallets to entities, with evidence.',
  'Network Attribution': 'Network-level attribution.',
  Monitoring: 'Monitors and the alerts they raise.',
  Reports: 'Reports and their exports.',
  Sanctions: 'Sanctions screening and reviews.',
  'Issuer Remediation': 'Requests to token issuers.',
  Audit: 'The tamper-evident audit chain: events, custom events and verification.',
  Webhooks: 'Webhook endpoints, deliveries and the events they carry.',
};

export interface Folder {
  name: string;
  description: string;
}

/** Folders in operations.json order (the catalog's). */
export function foldersOf(rows: readonly { folder: string }[]): Folder[] {
  return [...new Set(rows.map((r) => r.folder))].map((name) => ({
    name,
    description: FOLDER_TEXT[name] ?? `${name} operations.`,
  }));
}
