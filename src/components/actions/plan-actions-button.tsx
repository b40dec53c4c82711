'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { apiError, useTRPC } from '@/trpc/react';
import { Button, ErrorNote } from '../ui';

/**
 * "Create actions from plan": one action per priority step, grouped under the plan id as
 * campaign. Safe to press twice: steps that already have their action are not made again.
 */
export function PlanActionsButton({ planId }: { planId: string }) {
  const trpc = useTRPC();
  const make = useMutation(trpc.actions.createFromPlan.mutationOptions());
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        disabled={make.isPending}
        onClick={() => make.mutate({ plan_id: planId })}
      >
        {make.isPending ? 'Creating actions…' : 'Create actions from plan'}
      </Button>
      {make.data && (
        <span role="status" className="text-sm text-green-900" data-testid="plan-actions-result">
          {make.data.created} action{make.data.created === 1 ? '' : 's'} created
          {make.data.existing ? `, ${make.data.existing} already existed` : ''}.{' '}
          <Link href={`/actions?queue=team&campaign_id=${make.data.plan_id}`} className="text-blue-800 underline">
            Open the campaign queue
          </Link>
        </span>
      )}
      <ErrorNote error={apiError(make.error)} />
    </div>
  );
}
