import { test as base, type Locator, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * The console's buttons do nothing until React has hydrated the server-rendered page, and on a
 * busy machine a click can land first and be lost (a dialog that never opens, a row that never
 * changes). The app marks `<html data-hydrated>` when it is ready (HydrationMark in the root
 * layout); here every locator action that clicks or types, and every `goto` and `reload` of an
 * HTML page, waits for that mark first, and a locator action also for its own element. It is
 * patched on the classes, once per worker, so pages from contexts a spec opens itself are
 * covered too.
 */
const ACTIONS = [
  'click',
  'dblclick',
  'tap',
  'fill',
  'clear',
  'check',
  'uncheck',
  'setChecked',
  'selectOption',
  'press',
  'pressSequentially',
  'setInputFiles',
] as const;

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The mark is set when the root layout commits, but React hydrates each Suspense boundary (every
 * route's loading.tsx makes one) in a pass of its own, and since React 18 a click on a boundary
 * it cannot hydrate at once is dropped, not replayed. So before acting on an element, wait (up
 * to 5 s) until React has attached its props to that element itself. Anything unexpected here
 * (no such element yet, several matches) is left to the action, which reports it in its own words.
 */
async function attached(target: Locator) {
  const handle = await target.elementHandle({ timeout: 5_000 }).catch(() => null);
  if (!handle) return; // the action itself waits and reports
  try {
    await target
      .page()
      .waitForFunction((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')), handle, { timeout: 5_000 });
  } catch {
    // not hydrated within 5 s: the action goes ahead and its own checks decide
  } finally {
    await handle.dispose().catch(() => {});
  }
}

type Method = (this: unknown, ...args: unknown[]) => Promise<unknown>;

function patch(proto: Record<string, unknown>, name: string, wrap: (orig: Method) => Method) {
  const orig = proto[name] as Method;
  proto[name] = wrap(orig);
}

function patchClasses(page: Page) {
  const locator = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  for (const name of ACTIONS) {
    patch(
      locator,
      name,
      (orig) =>
        async function (this: unknown, ...args: unknown[]) {
          await hydrated((this as Locator).page());
          await attached(this as Locator);
          return orig.apply(this, args);
        },
    );
  }
  const pageProto = Object.getPrototypeOf(page) as Record<string, unknown>;
  for (const name of ['goto', 'reload']) {
    patch(
      pageProto,
      name,
      (orig) =>
        async function (this: unknown, ...args: unknown[]) {
          const response = (await orig.apply(this, args)) as Awaited<ReturnType<Page['goto']>>;
          // JSON, CSV or a download has no React to wait for.
          if (response && (response.headers()['content-type'] ?? '').startsWith('text/html')) {
            await hydrated(this as Page);
          }
          return response;
        },
    );
  }
}

export const test = base.extend<object, { hydrationWaits: void }>({
  hydrationWaits: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      patchClasses(await context.newPage());
      await context.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
