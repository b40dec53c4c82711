'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, PageTitle, Td, toneOf } from '../ui';
import { formatTime, humanize } from '../format';
import { DataTable } from '../list/data-table';
import { IssueKeyForm } from './issue-key-form';
import { KeySecret } from './key-secret';
import { keysInput, mattersInput } from './inputs';
import { CSV_PAGE } from '../list/csv-pages';

/**
 * The organization's API keys (both environments, as GET /v1/organizations/{id}/api-keys lists
 * them): prefix, name, environment, scopes, matters, last use, expiry and status. With `keys:write` the
 * issue form and each active key's roll and revoke; secrets are shown once, after issue or roll.
 */
export function ApiKeys({ orgId, environment, canWrite }: { orgId: string; environment: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.organization.keys.queryOptions(keysInput(orgId)));
  const matters = useQuery(trpc.matters.list.queryOptions(mattersInput()));
  const names = new Map((matters.data?.data ?? []).map((m) => [m.matter_id, m.name]));
  const [rolled, setRolled] = useState<{ secret: string; label: string } | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <PageTitle title="API keys" environment={environment} />
        <p className="max-w-3xl text-sm text-slate-700">
          Keys authenticate calls to the REST API. A key never holds more than the person or key that issued it;
          production keys exist once the organization has passed its onboarding review (feature production access).
        </p>
      </div>
      {canWrite && <IssueKeyForm orgId={orgId} environment={environment} />}
      {rolled && <KeySecret secret={rolled.secret} label={rolled.label} onDone={() => setRolled(null)} />}
      <ErrorNote error={apiError(list.error)} />
      <DataTable
        caption="API keys"
        csv={{
          list: 'api-keys',
          header: ['Key ID', 'Name', 'Prefix', 'Environment', 'Scopes', 'Matters', 'Expires', 'Status'],
          source: {
            fetchPage: (client, cursor) =>
              client.organization.keys.query({ ...keysInput(orgId), limit: CSV_PAGE, starting_after: cursor }),
            cursorOf: (k) => k.key_id,
            names: (k) => ({ matter_ids: k.matter_ids }),
            toRow: (k, n) => [
              k.key_id,
              k.name,
              k.prefix,
              k.environment,
              k.scopes.join(' '),
              k.matter_ids.length ? k.matter_ids.map((id) => n.matter(id) ?? id).join('; ') : 'Every matter',
              k.expires_at,
              k.status,
            ],
          },
        }}
        columns={[
          'Name',
          'Prefix',
          'Environment',
          'Scopes',
          'Matters',
          'Last used',
          'Expires',
          'Status',
          ...(canWrite ? ['Manage'] : []),
        ]}
        empty={list.isPending ? 'Loading keys…' : list.data && !rows.length ? 'No API keys yet.' : null}
      >
        {rows.map((k) => (
          <tr key={k.key_id} data-testid="key-row" className="hover:bg-slate-50">
            <Td className="font-medium">{k.name ?? 'Unnamed key'}</Td>
            <Td>
              <Mono>{k.prefix}</Mono>
            </Td>
            <Td>
              <Badge tone={k.environment === 'production' ? 'green' : 'amber'}>{humanize(k.environment)}</Badge>
            </Td>
            <Td className="max-w-xs font-mono text-xs">{k.scopes.join(' ')}</Td>
            <Td className="max-w-xs text-xs">
              {k.matter_ids.length
                ? k.matter_ids.map((id) => names.get(id) ?? 'Another environment’s matter').join(', ')
                : 'Every matter'}
            </Td>
            <Td className="whitespace-nowrap">{k.last_used_at ? formatTime(k.last_used_at) : 'Never used'}</Td>
            <Td className="whitespace-nowrap">{k.expires_at ? formatTime(k.expires_at) : 'Never'}</Td>
            <Td>
              <Badge tone={k.status === 'active' ? 'green' : toneOf(k.status)}>{humanize(k.status)}</Badge>
            </Td>
            {canWrite && (
              <Td>
                {k.status === 'active' && (
                  <KeyControls
                    orgId={orgId}
                    keyId={k.key_id}
                    label={k.name ?? k.prefix}
                    onRolled={(secret) => setRolled({ secret, label: k.name ?? k.prefix })}
                  />
                )}
              </Td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** Roll (a new secret, the old one revoked now) and revoke, each after a confirmation. */
function KeyControls({
  orgId,
  keyId,
  label,
  onRolled,
}: {
  orgId: string;
  keyId: string;
  label: string;
  onRolled: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.organization.keys.pathKey() });
  const roll = useMutation(
    trpc.organization.rollKey.mutationOptions({
      onSuccess: async (k) => {
        onRolled(k.secret_once);
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.organization.revokeKey.mutationOptions({ onSuccess: refresh }));
  const busy = roll.isPending || revoke.isPending;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={`Roll ${label}`}
          onClick={() =>
            window.confirm(`Roll the key “${label}”?\n\nIts secret stops working now; a new secret is shown once.`) &&
            roll.mutate({ organization_id: orgId, key_id: keyId })
          }
        >
          Roll
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          aria-label={`Revoke ${label}`}
          onClick={() =>
            window.confirm(
              `Revoke the key “${label}”?\n\nEvery call with it fails from now on. This cannot be undone.`,
            ) && revoke.mutate({ organization_id: orgId, key_id: keyId })
          }
        >
          Revoke
        </Button>
      </div>
      <ErrorNote error={apiError(roll.error) ?? apiError(revoke.error)} />
    </div>
  );
}
