import Link from 'next/link';
import { redirect } from 'next/navigation';
import { sessionIdentity } from '@/server/auth/console-session';

export const dynamic = 'force-dynamic';

/**
 * The site root: signed in, the console (its matter list); signed out, a landing page that
 * leads to sign-in and the API reference. A stale or ended session lands on sign-in from there.
 */
export default async function Home() {
  if (await sessionIdentity().catch(() => null)) redirect('/matters');
  return (
    <main id="main" className="mx-auto max-w-2xl p-6 sm:p-10">
      <h1 className="text-2xl font-semibold">Judgment Recovery Case Service</h1>
      <p className="mt-2 text-slate-700">
        Matters, judgments, crypto intelligence and legal work products for enforcing court judgments.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          href="/signin"
          className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
        >
          Sign in to the console
        </Link>
        <Link
          href="/docs"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          API reference
        </Link>
      </div>
      <ul className="mt-6 list-disc pl-6 text-sm text-blue-800">
        <li>
          <a href="/v1/openapi.json">OpenAPI 3.1 document</a>
        </li>
      </ul>
    </main>
  );
}
