import Link from 'next/link';

/**
 * The console's one "not found" page, inside the shell: what was not found, why that can be
 * (never whether it exists elsewhere: another tenant's object is the same 404), and a way back.
 */
export function NotFoundNote({
  title = 'Page not found',
  detail = 'There is no such page in the console.',
  back = { href: '/matters', label: 'Back to matters' },
}: {
  title?: string;
  detail?: string;
  back?: { href: string; label: string };
}) {
  return (
    <div className="flex flex-col gap-2" data-testid="not-found">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-slate-700">{detail}</p>
      <p className="flex flex-wrap gap-3 text-sm">
        <Link href={back.href} className="text-blue-800 underline">
          {back.label}
        </Link>
        {back.href !== '/inbox' && (
          <Link href="/inbox" className="text-blue-800 underline">
            Your inbox
          </Link>
        )}
      </p>
    </div>
  );
}
