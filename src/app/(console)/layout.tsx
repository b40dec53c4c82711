import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';
import { TRPCReactProvider } from '@/trpc/react';
import { EnvironmentSwitch } from '@/components/console/environment-switch';
import { UserMenu } from '@/components/console/user-menu';
import { ConsoleNav, type NavItem } from '@/components/shell/console-nav';
import { NavigationProgress } from '@/components/shell/navigation-progress';
import { CommandPalette } from '@/components/shell/command-palette';
import { requireConsoleUser, type ConsoleMe } from './console-user';

export const metadata = { title: 'Console · Judgment Recovery Case Service' };

/** The pages the signed-in user may open (matter-restricted sessions see no org-wide settings). */
function navItems(me: ConsoleMe): NavItem[] {
  const p = me.permissions;
  const orgWide = me.matter_ids === null;
  const items: [boolean, string, string][] = [
    [true, '/inbox', 'Inbox'],
    [true, '/matters', 'Matters'],
    [Boolean(p['matters:write']) && orgWide, '/matters/new', 'New matter'],
    [Boolean(p['actions:read']), '/actions', 'Actions'],
    [Boolean(p['relationships:read']) && orgWide, '/relationships', 'Relationships'],
    [Boolean(p['sanctions:read']), '/sanctions', 'Sanctions'],
    [Boolean(p['monitoring:read']), '/alerts', 'Alerts'],
    [Boolean(p['monitoring:read']), '/watchlists', 'Watchlists'],
    [Boolean(p['packets:read']), '/packets', 'Packets'],
    [Boolean(p['webhook_endpoints:read']) && orgWide, '/webhooks', 'Webhooks'],
    [Boolean(p['keys:read']) && orgWide, '/developers/api-keys', 'API keys'],
    [Boolean(p['audit:read']) && orgWide, '/developers/logs', 'Logs'],
    [Boolean(p['users:read']) && orgWide, '/settings/users', 'Users'],
    [Boolean(p['org:read']), '/settings/organization', 'Organization'],
  ];
  return items.filter(([shown]) => shown).map(([, href, label]) => ({ href, label }));
}

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
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        <header className="border-b border-slate-700 bg-slate-900 text-slate-100">
          <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
            <Link href="/matters" className="text-sm font-semibold text-white">
              Judgment Recovery <span className="font-normal text-slate-300">Console</span>
            </Link>
            <ConsoleNav items={navItems(me)} />
            <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 min-[900px]:ml-auto min-[900px]:w-auto">
              <CommandPalette />
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
        <main id="main" className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-3 py-4 sm:px-4">
          {children}
        </main>
      </div>
    </TRPCReactProvider>
  );
}
