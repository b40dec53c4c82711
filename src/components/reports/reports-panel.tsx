'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiError, useTRPC } from '@/trpc/react';
import { Badge, Button, ErrorNote, Field, Mono, Panel, Select, Td, Th } from '../ui';
import { formatTime, humanize } from '../format';
import { ExportRow } from '../packets/export-row';
import { ScrollX } from '@/components/list/scroll-x';

const AUDIENCES = ['internal', 'counsel', 'claimant'] as const;
const PROFILES = ['claimant', 'external', 'none'] as const;
const FORMATS = ['pdf', 'zip', 'json'] as const;

/**
 * The matter's Reports panel: generate a campaign brief (per audience) or a claimant update
 * (per claimant and redaction profile), read a report's sections, export it as PDF, ZIP or
 * JSON and download it through the export's signed link.
 */
export function ReportsPanel({
  matterId,
  canWrite,
  canExport,
}: {
  matterId: string;
  canWrite: boolean;
  canExport: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.reports.forMatter.queryOptions({ matter_id: matterId }));
  const claimants = useQuery(trpc.matters.claimants.list.queryOptions({ matter_id: matterId, limit: 100 }));
  const [kind, setKind] = useState<'brief' | 'update'>('brief');
  const [audience, setAudience] = useState<(typeof AUDIENCES)[number]>('internal');
  const [claimant, setClaimant] = useState('');
  const [profile, setProfile] = useState<(typeof PROFILES)[number]>('claimant');
  const [open, setOpen] = useState<string | null>(null);
  const refresh = (r: { report_id: string }) => {
    setOpen(r.report_id);
    return qc.invalidateQueries({ queryKey: trpc.reports.forMatter.queryKey({ matter_id: matterId }) });
  };
  const brief = useMutation(trpc.reports.createBrief.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.reports.createClaimantUpdate.mutationOptions({ onSuccess: refresh }));
  const claimantRows = claimants.data?.data ?? [];
  const chosen = claimant || claimantRows[0]?.claimant_id || '';
  const rows = list.data ?? [];
  return (
    <Panel id="reports" title={`Reports (${rows.length})`}>
      <ErrorNote error={apiError(list.error)} />
      {canWrite && (
        <div className="mb-3 flex flex-wrap items-end gap-2">
          <Field id="report-kind" label="Report">
            <Select id="report-kind" value={kind} onChange={(e) => setKind(e.target.value as 'brief' | 'update')}>
              <option value="brief">Campaign brief</option>
              <option value="update">Claimant update</option>
            </Select>
          </Field>
          {kind === 'brief' ? (
            <Field id="report-audience" label="Audience">
              <Select
                id="report-audience"
                value={audience}
                onChange={(e) => setAudience(e.target.value as typeof audience)}
              >
                {AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {humanize(a)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <>
              <Field id="report-claimant" label="Claimant">
                <Select id="report-claimant" value={chosen} onChange={(e) => setClaimant(e.target.value)}>
                  {claimantRows.map((c) => (
                    <option key={c.claimant_id} value={c.claimant_id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="report-profile" label="Redaction">
                <Select
                  id="report-profile"
                  value={profile}
                  onChange={(e) => setProfile(e.target.value as typeof profile)}
                >
                  {PROFILES.map((p) => (
                    <option key={p} value={p}>
                      {humanize(p)}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
          <Button
            data-testid="generate-report"
            disabled={brief.isPending || update.isPending || (kind === 'update' && !chosen)}
            onClick={() =>
              kind === 'brief'
                ? brief.mutate({ matter_id: matterId, audience })
                : update.mutate({ matter_id: matterId, claimant_id: chosen, redaction_profile: profile })
            }
          >
            Generate
          </Button>
        </div>
      )}
      <ErrorNote error={apiError(brief.error) ?? apiError(update.error)} />
      {rows.length > 0 ? (
        <ScrollX label="Reports">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Reports</caption>
            <thead>
              <tr>
                <Th>Report</Th>
                <Th>Audience</Th>
                <Th>Redaction</Th>
                <Th>Review</Th>
                <Th>Created</Th>
                <Th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.report_id} data-testid="report-row">
                  <Td>
                    {humanize(r.type)} <Mono>{r.report_id}</Mono>
                  </Td>
                  <Td>{humanize(r.audience)}</Td>
                  <Td>{humanize(r.redaction_profile)}</Td>
                  <Td>
                    {r.review_state.review_required ? (
                      <Badge tone="amber">Review required</Badge>
                    ) : (
                      <Badge tone="green">Not required</Badge>
                    )}
                  </Td>
                  <Td>{formatTime(r.created_at)}</Td>
                  <Td>
                    <Button variant="secondary" onClick={() => setOpen(open === r.report_id ? null : r.report_id)}>
                      {open === r.report_id ? 'Hide' : 'Open'}
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        <p className="text-sm text-slate-600">No reports yet.</p>
      )}
      {open && <ReportDetail key={open} reportId={open} canExport={canExport} />}
    </Panel>
  );
}

/** One report's sections, with its exports. */
function ReportDetail({ reportId, canExport }: { reportId: string; canExport: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.reports.get.queryOptions({ report_id: reportId }));
  const [exports, setExports] = useState<string[]>([]);
  const [profile, setProfile] = useState<(typeof PROFILES)[number]>('claimant');
  const exp = useMutation(
    trpc.reports.export.mutationOptions({ onSuccess: (e) => setExports((x) => [e.export_id, ...x]) }),
  );
  const r = q.data;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3" data-testid="report-detail">
      <ErrorNote error={apiError(q.error)} />
      {r && (
        <>
          <h3 className="text-sm font-semibold">
            {humanize(r.type)} <Mono>{r.report_id}</Mono>
          </h3>
          <div className="mt-2 flex flex-col gap-2">
            {r.sections.map((s) => (
              <div key={s.key}>
                <h4 className="text-sm font-medium">{s.title}</h4>
                <p className="max-w-3xl text-sm text-slate-800">{s.body}</p>
              </div>
            ))}
          </div>
          {canExport && (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <label className="text-sm" htmlFor="report-export-profile">
                Export redaction
              </label>
              <Select
                id="report-export-profile"
                value={profile}
                onChange={(e) => setProfile(e.target.value as typeof profile)}
              >
                {PROFILES.map((p) => (
                  <option key={p} value={p}>
                    {humanize(p)}
                  </option>
                ))}
              </Select>
              {FORMATS.map((f) => (
                <Button
                  key={f}
                  variant="secondary"
                  data-testid={`report-export-${f}`}
                  disabled={exp.isPending}
                  onClick={() => exp.mutate({ report_id: r.report_id, format: f, redaction_profile: profile })}
                >
                  Export {f.toUpperCase()}
                </Button>
              ))}
            </div>
          )}
          <ErrorNote error={apiError(exp.error)} />
          {exports.length > 0 && (
            <ScrollX label="Report exports">
              <table className="mt-2 w-full border-collapse text-sm">
                <caption className="sr-only">Report exports</caption>
                <thead>
                  <tr>
                    <Th>Format</Th>
                    <Th>Redaction</Th>
                    <Th>Status</Th>
                    <Th>SHA-256</Th>
                    <Th>File</Th>
                  </tr>
                </thead>
                <tbody>
                  {exports.map((id) => (
                    <ExportRow key={id} exportId={id} />
                  ))}
                </tbody>
              </table>
            </ScrollX>
          )}
        </>
      )}
    </div>
  );
}
