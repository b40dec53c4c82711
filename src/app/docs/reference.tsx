'use client';
import { useMemo, useState } from 'react';

type Op = { method: string; path: string; operationId: string; summary: string; tags: string[]; 'x-scope': string; 'x-gate': boolean; 'x-idempotent': boolean; requestBody?: { content: { 'application/json': { schema: unknown } } }; responses: Record<string, unknown>; parameters: { name: string; in: string; required: boolean }[] };
type Doc = { info: { title: string; version: string; description: string }; paths: Record<string, Record<string, Omit<Op, 'method' | 'path'>>> };

export function Reference({ doc, errorCodes }: { doc: Doc; errorCodes: readonly string[] }) {
  const [filter, setFilter] = useState('');
  const [apiKey, setApiKey] = useState('');
  const groups = useMemo(() => {
    const out: Record<string, Op[]> = {};
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const full = { ...op, method: method.toUpperCase(), path } as Op;
        if (filter && !`${full.method} ${path} ${op.summary}`.toLowerCase().includes(filter.toLowerCase())) continue;
        (out[op.tags[0]] ??= []).push(full);
      }
    }
    return out;
  }, [doc, filter]);
  return (
    <div className="mx-auto flex max-w-7xl gap-6 p-6">
      <nav className="sticky top-6 h-[90vh] w-60 shrink-0 overflow-auto text-sm" aria-label="Operations">
        <h1 className="mb-2 text-lg font-semibold">{doc.info.title}</h1>
        <p className="mb-3 text-xs text-slate-600">Version {doc.info.version}</p>
        <label className="block text-xs font-medium" htmlFor="filter">Filter</label>
        <input id="filter" className="mb-3 w-full rounded border px-2 py-1" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <label className="block text-xs font-medium" htmlFor="key">API key for “Try it”</label>
        <input id="key" className="mb-3 w-full rounded border px-2 py-1 font-mono text-xs" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="md_test_…" />
        {Object.keys(groups).map((g) => <a key={g} href={`#${slug(g)}`} className="block py-0.5 text-blue-800 hover:underline">{g}</a>)}
        <a href="#errors" className="block py-0.5 text-blue-800 hover:underline">Errors</a>
      </nav>
      <main className="min-w-0 flex-1">
        <p className="mb-6 text-slate-700">{doc.info.description} Download the <a className="text-blue-800 underline" href="/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
        {Object.entries(groups).map(([g, ops]) => (
          <section key={g} id={slug(g)} className="mb-8">
            <h2 className="mb-3 border-b pb-1 text-xl font-semibold">{g}</h2>
            {ops.map((op) => <Operation key={op.method + op.path} op={op} apiKey={apiKey} />)}
          </section>
        ))}
        <section id="errors" className="mb-8">
          <h2 className="mb-3 border-b pb-1 text-xl font-semibold">Errors</h2>
          <p className="mb-2 text-sm">Every error is <code>{'{"error":{type, code, message, param?, request_id, audit_ref}}'}</code> with one of these codes:</p>
          <ul className="grid grid-cols-3 gap-1 font-mono text-xs">{errorCodes.map((c) => <li key={c} id={`errors-${c}`}>{c}</li>)}</ul>
        </section>
      </main>
    </div>
  );
}

function Operation({ op, apiKey }: { op: Op; apiKey: string }) {
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState(op.path);
  const [body, setBody] = useState('{}');
  const [result, setResult] = useState<string | null>(null);
  async function send() {
    const res = await fetch(path, {
      method: op.method,
      headers: { Authorization: `Bearer ${apiKey}`, 'MD-Version': '2026-06-11', ...(op.requestBody ? { 'Content-Type': 'application/json' } : {}) },
      body: op.requestBody ? body : undefined,
    });
    setResult(`${res.status}\n${JSON.stringify(await res.json(), null, 2)}`);
  }
  return (
    <article className="mb-2 rounded border bg-white">
      <button className="flex w-full items-center gap-3 px-3 py-2 text-left" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="w-14 font-mono text-xs font-bold text-slate-800">{op.method}</span>
        <span className="font-mono text-sm">{op.path}</span>
        <span className="ml-auto text-sm text-slate-600">{op.summary}</span>
      </button>
      {open && (
        <div className="border-t px-3 py-2 text-sm">
          <p>Scope <code>{op['x-scope']}</code>{op['x-gate'] && ' · authority-gated'}{op['x-idempotent'] && ' · accepts Idempotency-Key'} · success {Object.keys(op.responses)[0]}</p>
          {op.requestBody && <details className="mt-2"><summary>Request body schema</summary><pre className="overflow-auto bg-slate-100 p-2 text-xs">{JSON.stringify(op.requestBody.content['application/json'].schema, null, 2)}</pre></details>}
          <details className="mt-2"><summary>Response schema</summary><pre className="overflow-auto bg-slate-100 p-2 text-xs">{JSON.stringify(op.responses, null, 2)}</pre></details>
          <div className="mt-2 space-y-1">
            <label className="block text-xs font-medium">Path<input className="w-full rounded border px-2 py-1 font-mono text-xs" value={path} onChange={(e) => setPath(e.target.value)} /></label>
            {op.requestBody && <label className="block text-xs font-medium">Body<textarea className="h-24 w-full rounded border px-2 py-1 font-mono text-xs" value={body} onChange={(e) => setBody(e.target.value)} /></label>}
            <button className="rounded bg-blue-700 px-3 py-1 text-white" onClick={send}>Try it</button>
            {result && <pre className="max-h-80 overflow-auto bg-slate-900 p-2 text-xs text-slate-100">{result}</pre>}
          </div>
        </div>
      )}
    </article>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
