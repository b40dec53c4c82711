'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, Checkbox, ErrorNote, Field, Mono, Panel, Select, Td, Textarea, Th, type Tone } from '../ui';
import { formatTime, humanize } from '../format';
import { useMatterRefresh } from '../matters/use-matter-refresh';
import { GateList } from './gate-list';
import { PlanActionsButton } from '../actions/plan-actions-button';
import {
  PROFILE_LEVEL,
  PROFILE_NAMES,
  type BlockedActionView,
  type EnforcementPlanView,
  type GateView,
  type JudgmentDetail,
  type PlanActionView,
  type PlanWalletView,
  type ProfileName,
} from './types';
import { ScrollX } from '@/components/list/scroll-x';

const PRIORITY_TONE: Record<PlanActionView['priority'], Tone> = {
  urgent: 'red',
  high: 'amber',
  normal: 'blue',
  low: 'slate',
};
const lines = (s: string) =>
  s
    .split(/[\n,]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * "Generate enforcement plan" (POST …/enforcement-plan): the rule engine's priority actions
 * against the actions its bars block, with the gates it judged by. A plan does not need an
 * enforcement-ready judgment; what is not allowed yet shows up as blocked. The judgment's latest
 * plan shows until a new one is generated; without wallets typed, the matter's imported wallets
 * are used.
 */
export function PlanPanel({ judgment: j, canWrite }: { judgment: JudgmentDetail; canWrite: boolean }) {
  const trpc = useTRPC();
  const refresh = useMatterRefresh();
  const [f, setF] = useState({
    profile: '' as '' | ProfileName,
    wallets: '',
    exchanges: '',
    consumer_debt: j.consumer_debt === true,
    bankruptcy_known: false,
    appeal_stay_known: false,
    sanctions_review_required: false,
  });
  const plan = useMutation(trpc.judgments.createPlan.mutationOptions({ onSuccess: refresh }));
  const err = apiError(plan.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    const wallets = lines(f.wallets);
    const exchanges = lines(f.exchanges);
    plan.mutate({
      judgment_id: j.judgment_id,
      ...(f.profile ? { profile: f.profile } : {}),
      constraints: {
        // Left out while unticked and unrecorded, so the plan keeps the judgment's own (unknown) flag.
        ...(f.consumer_debt || j.consumer_debt !== null ? { consumer_debt: f.consumer_debt } : {}),
        bankruptcy_known: f.bankruptcy_known,
        appeal_stay_known: f.appeal_stay_known,
        sanctions_review_required: f.sanctions_review_required,
      },
      ...(wallets.length ? { known_wallets: wallets } : {}),
      ...(exchanges.length ? { known_exchanges: exchanges } : {}),
    });
  }

  const current = j.enforcement_profile as ProfileName | null;
  return (
    <Panel id="plan" title="Enforcement plan">
      {canWrite && (
        <form
          onSubmit={submit}
          aria-label="Generate enforcement plan"
          className="grid grid-cols-1 gap-2 border-b border-slate-200 pb-3 md:grid-cols-3"
        >
          <Field id="plan-profile" label="Plan profile">
            <Select
              id="plan-profile"
              value={f.profile}
              onChange={(e) => setF({ ...f, profile: e.target.value as '' | ProfileName })}
            >
              <option value="">
                {current ? `Judgment's profile (${humanize(current)})` : 'Judgment has none: measured'}
              </option>
              {PROFILE_NAMES.map((p) => (
                <option key={p} value={p}>
                  {humanize(p)} (pressure {PROFILE_LEVEL[p]})
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="plan-wallets"
            label="Known wallets"
            hint="One address per line; leave empty to use the matter's imported wallets"
          >
            <Textarea
              id="plan-wallets"
              rows={2}
              value={f.wallets}
              onChange={(e) => setF({ ...f, wallets: e.target.value })}
              aria-describedby="plan-wallets-hint"
              className="font-mono text-xs"
            />
          </Field>
          <Field id="plan-exchanges" label="Known exchanges" hint="One name per line, e.g. Coinbase">
            <Textarea
              id="plan-exchanges"
              rows={2}
              value={f.exchanges}
              onChange={(e) => setF({ ...f, exchanges: e.target.value })}
              aria-describedby="plan-exchanges-hint"
            />
          </Field>
          <fieldset className="flex flex-wrap items-start gap-x-4 gap-y-1 md:col-span-3">
            <legend className="mb-1 text-xs font-medium text-slate-700">Constraints</legend>
            <Checkbox
              id="plan-consumer"
              label="Consumer debt"
              checked={f.consumer_debt}
              onChange={(c) => setF({ ...f, consumer_debt: c })}
            />
            <Checkbox
              id="plan-bankruptcy"
              label="Bankruptcy known"
              checked={f.bankruptcy_known}
              onChange={(c) => setF({ ...f, bankruptcy_known: c })}
            />
            <Checkbox
              id="plan-appeal"
              label="Appeal stay known"
              checked={f.appeal_stay_known}
              onChange={(c) => setF({ ...f, appeal_stay_known: c })}
            />
            <Checkbox
              id="plan-sanctions"
              label="Sanctions review required"
              checked={f.sanctions_review_required}
              onChange={(c) => setF({ ...f, sanctions_review_required: c })}
            />
          </fieldset>
          <div className="flex items-center gap-2 md:col-span-3">
            <Button type="submit" disabled={plan.isPending}>
              {plan.isPending ? 'Generating…' : 'Generate enforcement plan'}
            </Button>
            <ErrorNote error={err} />
          </div>
        </form>
      )}
      {(plan.data ?? j.latest_plan) ? (
        <PlanResult plan={(plan.data ?? j.latest_plan)!} />
      ) : (
        <p className="pt-2 text-sm text-slate-700">
          No plan generated yet. Each plan is recorded (plan_…) in the audit trail.
        </p>
      )}
    </Panel>
  );
}

function PlanResult({ plan: p }: { plan: EnforcementPlanView }) {
  const raw = p as unknown as {
    priority_actions: PlanActionView[];
    blocked_actions: BlockedActionView[];
    gates: GateView[];
    wallets: PlanWalletView[];
    review_reasons: string[];
    datasets: string[];
  };
  return (
    <div data-testid="plan-result" className="flex flex-col gap-3 pt-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Plan</span> <Mono>{p.plan_id}</Mono>
        <Badge tone="blue">
          {humanize(p.profile)} · pressure {p.pressure_level}
        </Badge>
        {p.review_required && <Badge tone="amber">Review required</Badge>}
        <span className="text-xs text-slate-700">{formatTime(p.created_at)}</span>
      </div>
      {raw.priority_actions.length > 0 && <PlanActionsButton planId={p.plan_id} />}
      {raw.review_reasons.length > 0 && (
        <ul className="list-disc rounded border border-amber-300 bg-amber-50 py-1 pl-6 pr-2 text-xs text-amber-950">
          {raw.review_reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        <ScrollX label="Priority actions">
          <table className="w-full border-collapse text-sm" data-testid="priority-actions">
            <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-green-900">
              Priority actions ({raw.priority_actions.length})
            </caption>
            <thead>
              <tr>
                <Th>Priority</Th>
                <Th>Action</Th>
                <Th>Legal basis</Th>
                <Th>Packet</Th>
              </tr>
            </thead>
            <tbody>
              {raw.priority_actions.map((a, i) => (
                <tr key={i} data-testid="priority-action">
                  <Td>
                    <Badge tone={PRIORITY_TONE[a.priority]}>{a.priority}</Badge>
                  </Td>
                  <Td>
                    <div className="font-medium text-slate-900">{a.title}</div>
                    <div className="text-xs text-slate-700">
                      <Mono>{a.type}</Mono> · {a.rationale}
                    </div>
                  </Td>
                  <Td className="text-xs">{a.legal_basis}</Td>
                  <Td>{a.packet_type ? <Mono>{a.packet_type}</Mono> : '—'}</Td>
                </tr>
              ))}
              {!raw.priority_actions.length && (
                <tr>
                  <Td colSpan={4} className="text-slate-700">
                    No action is open under this profile.
                  </Td>
                </tr>
              )}
            </tbody>
          </table>
        </ScrollX>
        <ScrollX label="Blocked actions">
          <table className="w-full border-collapse text-sm" data-testid="blocked-actions">
            <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-red-900">
              Blocked actions ({raw.blocked_actions.length})
            </caption>
            <thead>
              <tr>
                <Th>Action</Th>
                <Th>Blocked by</Th>
                <Th>Reason</Th>
              </tr>
            </thead>
            <tbody>
              {raw.blocked_actions.map((a, i) => (
                <tr key={i} data-testid="blocked-action">
                  <Td>
                    <div className="font-medium text-slate-900">{a.title}</div>
                    <Mono>{a.type}</Mono>
                  </Td>
                  <Td>
                    <Badge tone="red">{humanize(a.blocked_by)}</Badge>
                  </Td>
                  <Td className="text-xs">{a.reason}</Td>
                </tr>
              ))}
              {!raw.blocked_actions.length && (
                <tr>
                  <Td colSpan={3} className="text-slate-700">
                    Nothing is blocked.
                  </Td>
                </tr>
              )}
            </tbody>
          </table>
        </ScrollX>
      </div>
      {raw.wallets.length > 0 && (
        <ScrollX label="Wallets">
          <table className="w-full border-collapse text-sm">
            <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
              Wallets
            </caption>
            <thead>
              <tr>
                <Th>Address</Th>
                <Th>Network</Th>
                <Th>Category</Th>
                <Th>Exchange</Th>
                <Th>Sanctions</Th>
              </tr>
            </thead>
            <tbody>
              {raw.wallets.map((w) => (
                <tr key={w.address}>
                  <Td>
                    <Mono>{w.address}</Mono>
                    {w.note && <div className="text-xs text-slate-700">{w.note}</div>}
                  </Td>
                  <Td>{w.network}</Td>
                  <Td>
                    <Badge
                      tone={
                        w.category === 'sanctioned' || w.category === 'invalid'
                          ? 'red'
                          : w.category === 'risk'
                            ? 'amber'
                            : 'slate'
                      }
                    >
                      {humanize(w.category)}
                    </Badge>
                  </Td>
                  <Td>{w.exchange ?? '—'}</Td>
                  <Td className="text-xs">
                    {w.sanctions.length
                      ? w.sanctions.map((s) => `${s.sdn_name} (${s.programs.join(', ')})`).join('; ')
                      : '—'}
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      )}
      <div>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-700">Gates the plan judged by</h3>
        <GateList gates={raw.gates} testid="plan-gate" compact />
      </div>
      {raw.datasets.length > 0 && <p className="text-xs text-slate-700">Data: {raw.datasets.join(' · ')}</p>}
    </div>
  );
}
