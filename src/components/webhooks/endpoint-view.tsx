'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { apiError, useTRPC } from '@/trpc/react';
import { ErrorNote, Mono } from '../ui';
import { formatTime } from '../format';
import { DeliveriesPanel } from './deliveries-panel';
import { EndpointControls } from './endpoint-controls';
import { eventsLabel } from './endpoints-list';
import { EndpointStatus } from './health-note';

/** One endpoint: its settings, the enable switch and delete, and its recent deliveries. */
export function EndpointView({ endpointId, canWrite }: { endpointId: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const endpoint = useQuery(trpc.webhooks.get.queryOptions({ webhook_endpoint_id: endpointId }));
  const e = endpoint.data;
  if (!e) return <ErrorNote error={apiError(endpoint.error)} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
          <Link href="/webhooks" className="text-blue-800 underline">
            Webhooks
          </Link>{' '}
          / Endpoint
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-all text-lg font-semibold">{e.url}</h1>
          <Mono>{e.webhook_endpoint_id}</Mono>
        </div>
        <EndpointStatus status={e.status} disabledReason={e.disabled_reason} health={e.health} />
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-700">
          <div>
            <dt className="inline font-medium">Events: </dt>
            <dd className="inline">{eventsLabel(e.enabled_events)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Environment: </dt>
            <dd className="inline">{e.environment}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Created: </dt>
            <dd className="inline">{formatTime(e.created_at)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Updated: </dt>
            <dd className="inline">{formatTime(e.updated_at)}</dd>
          </div>
        </dl>
        {canWrite && (
          <div className="mt-1">
            <EndpointControls
              id={e.webhook_endpoint_id}
              url={e.url}
              status={e.status}
              label="Enabled"
              onDeleted={() => router.push('/webhooks')}
            />
          </div>
        )}
      </div>
      <DeliveriesPanel endpointId={e.webhook_endpoint_id} enabled={e.status === 'enabled'} canResend={canWrite} />
    </div>
  );
}
