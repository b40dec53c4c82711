'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote, Field, Textarea } from '../ui';

type Status = 'draft' | 'in_review' | 'approved' | 'sent' | 'responded' | 'rejected' | 'withdrawn';

/**
 * The review actions a packet's status allows. Approve shows only to users holding
 * packets:approve (the server refuses everyone else anyway) and stays disabled while the packet
 * is not ready (the server would answer 409 packet_not_ready); rejecting, returning to draft and
 * recording a response take the reason typed here.
 */
export function PacketActions({
  packetId,
  status,
  ready,
  canWrite,
  canApprove,
}: {
  packetId: string;
  status: string;
  ready: boolean;
  canWrite: boolean;
  canApprove: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const update = useMutation(
    trpc.packets.update.mutationOptions({
      onSuccess: () => {
        setReason('');
        void qc.invalidateQueries({ queryKey: trpc.packets.get.queryKey({ packet_id: packetId }) });
      },
    }),
  );
  if (!canWrite) return <p className="text-sm text-slate-600">You can read this packet but not change it.</p>;
  const go = (to: Status, withReason = false) =>
    update.mutate({
      packet_id: packetId,
      status: to,
      ...(withReason && reason.trim() ? { notes: reason.trim() } : {}),
    });
  const busy = update.isPending;
  const actions: {
    to: Status;
    label: string;
    reason?: boolean;
    variant?: 'primary' | 'secondary' | 'danger';
    testId: string;
  }[] = [];
  if (status === 'draft') actions.push({ to: 'in_review', label: 'Submit for review', testId: 'submit-review' });
  if (status === 'in_review') {
    if (canApprove) actions.push({ to: 'approved', label: 'Approve', testId: 'approve' });
    actions.push({ to: 'rejected', label: 'Reject', reason: true, variant: 'danger', testId: 'reject' });
    actions.push({ to: 'draft', label: 'Return to draft', reason: true, variant: 'secondary', testId: 'return-draft' });
  }
  if (status === 'approved') actions.push({ to: 'sent', label: 'Mark sent', testId: 'mark-sent' });
  if (status === 'sent') {
    actions.push({ to: 'responded', label: 'Record response', reason: true, testId: 'record-response' });
    actions.push({
      to: 'rejected',
      label: 'Record refusal',
      reason: true,
      variant: 'danger',
      testId: 'record-refusal',
    });
  }
  if (['draft', 'in_review', 'approved'].includes(status))
    actions.push({ to: 'withdrawn', label: 'Withdraw', variant: 'secondary', testId: 'withdraw' });
  if (!actions.length)
    return <p className="text-sm text-slate-600">This packet is {status.replace('_', ' ')}; no further moves.</p>;
  const needsReason = actions.some((a) => a.reason);
  return (
    <div className="flex flex-col gap-2">
      {status === 'in_review' && !ready && canApprove && (
        <p className="text-sm text-red-800">
          Not ready: approval will be refused until the missing items are supplied.
        </p>
      )}
      {needsReason && (
        <Field
          id="packet-reason"
          label="Reason / response notes"
          hint="Required to reject, return to draft or record a response."
        >
          <Textarea id="packet-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button
            key={a.testId}
            data-testid={a.testId}
            variant={a.variant ?? 'primary'}
            disabled={busy || (!!a.reason && !reason.trim()) || (a.to === 'approved' && !ready)}
            title={a.to === 'approved' && !ready ? 'Not ready: supply the missing items first.' : undefined}
            onClick={() => go(a.to, a.reason)}
          >
            {a.label}
          </Button>
        ))}
      </div>
      <ErrorNote error={apiError(update.error)} />
    </div>
  );
}
