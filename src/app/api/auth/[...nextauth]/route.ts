import NextAuth from 'next-auth';
import type { AuthOptions } from 'next-auth';
import { NextRequest } from 'next/server';
import { guardAuth } from '@/server/http/console-guard';
import { authOptions } from '@/server/auth/next-auth';
import { log } from '@/server/log';

// Read per request (Next's default would wrap every request in a dynamic-access Proxy; docs/performance.md).
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are resolved per request because the signing secret may come from the database.
async function handler(incoming: NextRequest, ctx: RouteContext) {
  // Unauthenticated: the body is capped and read before next-auth buffers anything.
  const guarded = await guardAuth(incoming);
  if (guarded instanceof Response) return guarded;
  const req = guarded === incoming ? incoming : new NextRequest(guarded);
  let options: AuthOptions;
  try {
    options = await authOptions();
  } catch (e) {
    log.error({ err: String(e) }, 'console sign-in unavailable');
    return Response.json(
      { message: 'Sign-in is temporarily unavailable.' },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  return NextAuth(req as never, ctx as never, options);
}

export { handler as GET, handler as POST };
