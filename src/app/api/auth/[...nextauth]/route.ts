import NextAuth from 'next-auth';
import type { AuthOptions } from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/server/auth/next-auth';
import { log } from '@/server/log';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are resolved per request because the signing secret may come from the database.
async function handler(req: NextRequest, ctx: RouteContext) {
  let options: AuthOptions;
  try {
    options = await authOptions();
  } catch (e) {
    log.error({ err: String(e) }, 'console sign-in unavailable');
    return Response.json({ message: 'Sign-in is temporarily unavailable.' }, { status: 503, headers: { 'Retry-After': '5' } });
  }
  return NextAuth(req as never, ctx as never, options);
}

export { handler as GET, handler as POST };
