import Link from 'next/link';
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '@/trpc/react';
import { EnvironmentSwitch } from '@/components/console/environment-switch';
import { UserMenu } from '@/components/console/user-menu';
import { requireConsoleUser } from './console-user';

export const metadata = { title: 'Console · Judgment Recovery Case Service' };

/** The console shell: environment banner, navigation, environment switch, user menu. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = await requireConsoleUser();
  const sandbox = me.environment === 'sandbox';
  return (
    <TRPCReactProvider environment={me.environment}>
      <div className="flex min-h-screen flex-col">
        {sandbox && (
          <div
            data-testid="sandbox-banner"
            className="bg-orange-500 px-4 py-0.5 text-center text-xs font-semibold text-slate-950"
          >
            Sandbox — test data only. Nothing here touches production.
          </div>
        )}
        <header className="border-b border-slate-700 bg-slate-900 text-slate-100">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
            <Link href="/matters" className="text-sm font-semibold text-white">
              Judgment Recovery <span className="font-normal text-slate-300">Console</span>
            </Link>
            <nav aria-label="Console" className="flex flex-wrap gap-1 text-sm">
              <Link href="/matters" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                Matters
              </Link>
              {me.permissions['matters:write'] && me.matter_ids === null && (
                <Link href="/matters/new" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  New matter
                </Link>
              )}
              {me.permissions['actions:read'] && (
                <Link href="/actions" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Actions
                </Link>
              )}
              {me.permissions['relationships:read'] && me.matter_ids === null && (
                <Link href="/relationships" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Relationships
                </Link>
              )}
              {me.permissions['sanctions:read'] && (
                <Link href="/sanctions" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Sanctions
                </Link>
              )}
              {me.permissions['monitoring:read'] && (
                <>
                  <Link href="/alerts" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                    Alerts
                  </Link>
                  <Link href="/watchlists" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                    Watchlists
                  </Link>
                </>
              )}
              {me.permissions['packets:read'] && (
                <Link href="/packets" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Packets
                </Link>
              )}
              {me.permissions['webhook_endpoints:read'] && me.matter_ids === null && (
                <Link href="/webhooks" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Webhooks
                </Link>
              )}
              {me.permissions['keys:read'] && me.matter_ids === null && (
                <Link href="/developers/api-keys" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  API keys
                </Link>
              )}
              {me.permissions['audit:read'] && me.matter_ids === null && (
                <Link href="/developers/logs" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Logs
                </Link>
              )}
              {me.permissions['users:read'] && me.matter_ids === null && (
                <Link href="/settings/users" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Users
                </Link>
              )}
              {me.permissions['org:read'] && (
                <Link href="/settings/organization" className="rounded px-2 py-1 text-slate-100 hover:bg-slate-700">
                  Organization
                </Link>
              )}
            </nav>
            <div className="ml-auto flex items-center gap-4">
              <EnvironmentSwitch environment={me.environment} productionAllowed={me.production_allowed} />
              <UserMenu
                email={me.user.email}
                name={me.user.name}
                roles={me.user.roles}
                organization={me.organization.name}
              />
            </div>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-4">
          {children}
        </main>
      </div>
    </TRPCReactProvider>
  );
}
