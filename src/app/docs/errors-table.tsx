import type { ErrorDoc } from '@/server/operations/openapi-errors';

/**
 * The closed error table, one anchor per code (`/docs#errors-<code>`, every error's doc_url):
 * what the code means and how to fix it.
 */
export function ErrorsTable({ errors }: { errors: Record<string, ErrorDoc> }) {
  return (
    <section id="errors" aria-labelledby="errors-title" className="mx-auto max-w-5xl px-4 py-10 text-sm">
      <h2 id="errors-title" className="mb-2 text-2xl font-semibold">
        Errors
      </h2>
      <p className="mb-4 text-slate-700">
        Every error is{' '}
        <code className="break-all">{'{"error":{type, code, message, param?, request_id, audit_ref, doc_url}}'}</code>.
        The code is one of these; <code>doc_url</code> points here.
      </p>
      <ul className="space-y-3">
        {Object.entries(errors).map(([code, d]) => (
          <li
            key={code}
            id={`errors-${code}`}
            className="scroll-mt-4 rounded border bg-white p-3 target:ring-2 target:ring-blue-600"
          >
            <h3 className="font-mono text-base font-semibold break-all">
              <a href={`#errors-${code}`}>{code}</a>
              <span className="ml-2 font-sans text-xs font-normal text-slate-600">
                {d.status} · {d.type}
              </span>
            </h3>
            <p className="mt-1">{d.explanation}</p>
            <p className="mt-1">
              <strong>Remedy:</strong> {d.remedy}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
