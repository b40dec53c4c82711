import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/server/auth/next-auth';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// The options are resolved per request because the signing secret may come from the database.
async function handler(req: NextRequest, ctx: RouteContext) {
  return NextAuth(req as never, ctx as never, await authOptions());
}

export { handler as GET, handler as POST };
