import { NextResponse, type NextRequest } from 'next/server';

/** Pages reachable without a session; everything else outside the matcher's exclusions is console. */
const PUBLIC_PAGES = [/^\/$/, /^\/signin\/?$/, /^\/invite\/[^/]+\/?$/, /^\/favicon\.ico$/, /^\/robots\.txt$/];
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

/**
 * The optimistic gate of the console: a visit without a session cookie goes to /signin with
 * its URL as callbackUrl before anything renders. The cookie's signature, the user's status and
 * their permissions are checked where data is read (console layout and every tRPC procedure),
 * so a forged or stale cookie gets no further than this. No database here: proxy runs apart
 * from the app's modules.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (PUBLIC_PAGES.some((re) => re.test(pathname))) return NextResponse.next();
  // Chunked cookies (".0", ".1") are used when a token is large.
  const hasSession = req.cookies.getAll().some((c) => SESSION_COOKIES.some((n) => c.name === n || c.name.startsWith(`${n}.`)));
  if (!hasSession) {
    const url = req.nextUrl.clone();
    url.pathname = '/signin';
    url.search = `?${new URLSearchParams({ callbackUrl: pathname + search })}`;
    return NextResponse.redirect(url);
  }
  // Lets the console layout send a stale session back to sign-in with the right callbackUrl.
  const headers = new Headers(req.headers);
  headers.set('x-md-pathname', pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // The REST API, next-auth, tRPC (which answers 401 itself), docs, assets and probes never pass here.
  matcher: ['/((?!v1(?:/|$)|api/|docs(?:/|$)|_next/|metrics$|healthz$).*)'],
};
