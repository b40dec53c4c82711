import { Badge } from '../ui';
import { formatTime, humanize } from '../format';
import { DISABLED_REASONS, formatSeconds, webhookTone } from './inputs';

interface Health {
  failing_since: string | null;
  last_failure: { attempted_at: string | null; response_status: number | null; error: string | null } | null;
}

/**
 * An endpoint's status as an operator needs it: an enabled endpoint whose attempts fail reads
 * "Failing" (the service disables it only after days of failures), with when the run began
 * and the last attempt's answer; a disabled one says why.
 */
export function EndpointStatus({
  status,
  disabledReason,
  health,
}: {
  status: string;
  disabledReason: string | null;
  health: Health | null | undefined;
}) {
  const failing = status === 'enabled' && !!health?.failing_since;
  const last = health?.last_failure;
  return (
    <div className="flex flex-col gap-0.5">
      <span data-testid="endpoint-status">
        {failing ? <Badge tone="red">Failing</Badge> : <Badge tone={webhookTone(status)}>{humanize(status)}</Badge>}
      </span>
      {failing && (
        <p className="text-xs text-red-800" data-testid="endpoint-failing">
          Failing since {formatTime(health!.failing_since)}
          {last && (
            <>
              {'. '}Last attempt {formatSeconds(last.attempted_at)}:{' '}
              {last.response_status ? `HTTP ${last.response_status}` : 'no response'}
              {last.error ? ` — ${last.error}` : ''}
            </>
          )}
        </p>
      )}
      {disabledReason && (
        <p className="text-xs text-red-800">{DISABLED_REASONS[disabledReason] ?? humanize(disabledReason)}</p>
      )}
    </div>
  );
}
