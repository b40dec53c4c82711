'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Mono, Panel, Td, Th } from '../ui';
import { MatterPauseNote } from '../sanctions/pause-banner';
import { formatTime, humanize } from '../format';
import { ScrollX } from '@/components/list/scroll-x';

/** Stage buttons per stage and action type (domain/issuer/remediation.ts nextStatuses, §9). */
const NEXT: Record<string, { to: string; label: string }[]> = {
  freeze_requested: [{ to: 'frozen', label: 'Mark frozen' }],
  frozen: [{ to: 'burn_requested', label: 'Request burn' }],
  burn_requested: [{ to: 'burned', label: 'Mark burned' }],
  burned: [{ to: 'reissued', label: 'Mark reissued' }],
  reissued: [{ to: 'remitted', label: 'Mark remitted' }],
  remitted: [{ to: 'closed', label: 'Close' }],
};

function nextMoves(status: string, action: string) {
  if (status === 'closed' || status === 'rejected') return [];
  const moves = [...(NEXT[status] ?? [])];
  if (status === 'frozen' && action === 'freeze_only') moves.push({ to: 'closed', label: 'Close' });
  return [...moves, { to: 'rejected', label: 'Reject' }];
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.issuer.pathKey() });
}

function StageButtons({ id, status, action }: { id: string; status: string; action: string }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const move = useMutation(trpc.issuer.move.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-1">
        {nextMoves(status, action).map((n) => (
          <Button
            key={n.to}
            variant={n.to === 'rejected' ? 'secondary' : 'primary'}
            disabled={move.isPending}
            onClick={() => move.mutate({ remediation_id: id, status: n.to as never })}
          >
            {n.label}
          </Button>
        ))}
      </div>
      <ErrorNote error={apiError(move.error)} />
    </div>
  );
}

function CertificateDecision({ id, clear }: { id: string; clear: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const decide = useMutation(trpc.issuer.decideCertificate.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="flex flex-col gap-1">
      <input
        aria-label={`Reason for ${id}`}
        className="rounded border border-slate-400 px-1 py-0.5 text-sm"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="Reason"
      />
      <div className="flex flex-wrap gap-1">
        {/* A listed wallet is never approvable: the button is absent, and the server refuses it anyway. */}
        {clear && (
          <Button
            disabled={decide.isPending}
            onClick={() => decide.mutate({ destination_wallet_id: id, decision: 'approved', reason: reason || null })}
          >
            Approve
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ destination_wallet_id: id, decision: 'rejected', reason: reason || null })}
        >
          Reject
        </Button>
      </div>
      <ErrorNote error={apiError(decide.error)} />
    </div>
  );
}

/**
 * Issuer remediation on the matter page (§15): the freeze and burn/reissue remediations with
 * their stage buttons, and the destination wallet certificates with counsel's approval. The
 * service never signs: a stage records what the issuer did.
 */
export function IssuerPanel({
  matterId,
  canWrite,
  canApprove,
  writable,
}: {
  matterId: string;
  canWrite: boolean;
  canApprove: boolean;
  writable: boolean;
}) {
  const trpc = useTRPC();
  const rems = useQuery(trpc.issuer.remediations.queryOptions({ matter_id: matterId }));
  const certs = useQuery(trpc.issuer.certificates.queryOptions({ matter_id: matterId }));
  const moves = canWrite && writable;
  const decides = canApprove && writable;
  return (
    <Panel title="Issuer remediation" id="issuer-remediation">
      <MatterPauseNote matterId={matterId} what="issuer freeze and burn/reissue wait for counsel and an OFAC license" />
      <ErrorNote error={apiError(rems.error ?? certs.error)} />
      <ScrollX label="Remediations">
        <table className="w-full border-collapse text-sm">
          <caption className="px-2 py-1 text-left font-medium">Remediations</caption>
          <thead className="bg-slate-100">
            <tr>
              <Th>Remediation</Th>
              <Th>Issuer</Th>
              <Th>Token</Th>
              <Th>Functions</Th>
              <Th>Amount</Th>
              <Th>On-chain</Th>
              <Th>Action</Th>
              <Th>Stage</Th>
              {moves && <Th>Move</Th>}
            </tr>
          </thead>
          <tbody>
            {(rems.data ?? []).map((r) => (
              <tr key={r.remediation_id} data-testid="remediation-row">
                <Td>
                  <Mono>{r.remediation_id}</Mono>
                  {r.review_required && (
                    <span className="ml-1">
                      <Badge tone="amber">Review</Badge>
                    </span>
                  )}
                </Td>
                <Td>{r.issuer}</Td>
                <Td>
                  {r.asset} on {r.network}
                  <div>
                    <Mono>{r.contract ?? '—'}</Mono>
                  </div>
                </Td>
                <Td className="text-xs">
                  freeze: {r.freeze_function ?? '—'}
                  <br />
                  check: {r.check_function ?? '—'}
                </Td>
                <Td>
                  {r.amount.amount_decimal} {r.asset}
                </Td>
                <Td>
                  {r.onchain_status
                    ? `${r.onchain_status.frozen ? 'frozen' : 'not frozen'} (block ${r.onchain_status.block_number ?? '?'})`
                    : 'unread'}
                </Td>
                <Td>{humanize(r.action_type)}</Td>
                <Td>
                  <Badge tone={r.status === 'rejected' ? 'red' : r.status === 'closed' ? 'green' : 'blue'}>
                    <span data-testid="remediation-status">{humanize(r.status)}</span>
                  </Badge>
                </Td>
                {moves && (
                  <Td>
                    <StageButtons id={r.remediation_id} status={r.status} action={r.action_type} />
                  </Td>
                )}
              </tr>
            ))}
            {rems.data && !rems.data.length && (
              <tr>
                <Td colSpan={moves ? 9 : 8} className="py-3 text-center text-slate-600">
                  No issuer remediations.
                </Td>
              </tr>
            )}
          </tbody>
        </table>
        <ScrollX label="Destination wallet certificates">
          <table className="mt-3 w-full border-collapse text-sm">
            <caption className="px-2 py-1 text-left font-medium">Destination wallet certificates</caption>
            <thead className="bg-slate-100">
              <tr>
                <Th>Certificate</Th>
                <Th>Wallet</Th>
                <Th>Owner / custodian</Th>
                <Th>Assets</Th>
                <Th>Sanctions screen</Th>
                <Th>Approval</Th>
                {decides && <Th>Decide</Th>}
              </tr>
            </thead>
            <tbody>
              {(certs.data ?? []).map((x) => (
                <tr key={x.destination_wallet_id} data-testid="certificate-row">
                  <Td>
                    <Mono>{x.destination_wallet_id}</Mono>
                  </Td>
                  <Td>
                    <Mono>{x.wallet_address}</Mono> <span className="text-xs">({x.network})</span>
                  </Td>
                  <Td>
                    {x.owner}
                    <br />
                    <span className="text-xs">{x.custodian}</span>
                  </Td>
                  <Td>{x.allowed_assets.join(', ') || 'any'}</Td>
                  <Td>
                    <Badge tone={x.sanctions_screen_status === 'clear' ? 'green' : 'red'}>
                      {x.sanctions_screen_status === 'clear' ? 'Clear' : 'OFAC match'}
                    </Badge>
                    {x.sanctions_matches.map((m, i) => (
                      <div key={i} className="text-xs text-red-700">
                        {m.sdn_name} ({m.programs.join(', ')})
                      </div>
                    ))}
                  </Td>
                  <Td>
                    <Badge
                      tone={
                        x.approval_status === 'approved' ? 'green' : x.approval_status === 'rejected' ? 'red' : 'amber'
                      }
                    >
                      <span data-testid="certificate-status">{humanize(x.approval_status)}</span>
                    </Badge>
                    {x.decided_at && <div className="text-xs">{formatTime(x.decided_at)}</div>}
                  </Td>
                  {decides && (
                    <Td>
                      {x.approval_status === 'pending' && (
                        <CertificateDecision
                          id={x.destination_wallet_id}
                          clear={x.sanctions_screen_status === 'clear'}
                        />
                      )}
                    </Td>
                  )}
                </tr>
              ))}
              {certs.data && !certs.data.length && (
                <tr>
                  <Td colSpan={decides ? 7 : 6} className="py-3 text-center text-slate-600">
                    No destination wallet certificates.
                  </Td>
                </tr>
              )}
            </tbody>
          </table>
        </ScrollX>
      </ScrollX>
    </Panel>
  );
}
