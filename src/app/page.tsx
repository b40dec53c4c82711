import Link from 'next/link';

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-10">
      <h1 className="text-2xl font-semibold">Judgment Recovery Case Service</h1>
      <p className="mt-2 text-slate-700">
        Matters, judgments, crypto intelligence and legal work products for enforcing court judgments.
      </p>
      <ul className="mt-6 list-disc pl-6 text-blue-800">
        <li>
          <Link href="/matters">Operator console</Link> (sign in)
        </li>
        <li>
          <Link href="/docs">API reference</Link>
        </li>
        <li>
          <a href="/v1/openapi.json">OpenAPI 3.1 document</a>
        </li>
      </ul>
    </main>
  );
}
