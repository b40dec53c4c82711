'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote } from '../ui';

/**
 * Enable/disable switch and delete of one endpoint. Disabling cancels its pending attempts at
 * once (the service does it in the same transaction); deleting asks for confirmation first.
 */
export function EndpointControls({
  id,
  url,
  status,
  label,
  onDeleted,
}: {
  id: string;
  url: string;
  status: string;
  label: string;
  onDeleted?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        if (onDeleted) onDeleted();
        else await refresh();
      },
    }),
  );
  const enabled = status === 'enabled';
  const busy = update.isPending || remove.isPending;
  function confirmDelete() {
    const ok = window.confirm(
      `Delete the webhook endpoint ${url}?\n\nIts pending deliveries are cancelled and its signing secret stops working. This cannot be undone.`,
    );
    if (ok) remove.mutate({ webhook_endpoint_id: id });
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <span className="flex items-center gap-1.5">
          <button
            type="button"
            role="switch"
            aria-checked={enabled}
            aria-label={label}
            disabled={busy}
            onClick={() => update.mutate({ webhook_endpoint_id: id, status: enabled ? 'disabled' : 'enabled' })}
            className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed ${enabled ? 'border-green-800 bg-green-700' : 'border-slate-500 bg-slate-300'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4' : 'translate-x-0.5'}`}
            />
          </button>
          <span aria-hidden="true" className="text-xs text-slate-800">
            {enabled ? 'On' : 'Off'}
          </span>
        </span>
        <Button variant="danger" disabled={busy} onClick={confirmDelete}>
          Delete
        </Button>
      </div>
      <ErrorNote error={apiError(update.error) ?? apiError(remove.error)} />
    </div>
  );
}
