import Link from 'next/link';
import { NewMatterForm } from '@/components/matters/new-matter-form';
import { PageTitle } from '@/components/ui';
import { requireConsoleUser } from '../../console-user';

export const metadata = { title: 'New matter · Console' };

export default async function NewMatterPage() {
  const me = await requireConsoleUser();
  const allowed = me.permissions['matters:write'] && me.matter_ids === null;
  return (
    <div className="flex max-w-2xl flex-col gap-3">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <Link href="/matters" className="text-blue-800 underline">
          Matters
        </Link>{' '}
        / New
      </nav>
      <PageTitle title="New matter" environment={me.environment} />
      {allowed ? (
        <NewMatterForm />
      ) : (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {me.matter_ids !== null
            ? 'Your access is limited to specific matters, so you cannot create matters.'
            : 'Your roles do not allow creating matters.'}
        </p>
      )}
    </div>
  );
}
