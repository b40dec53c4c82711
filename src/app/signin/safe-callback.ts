/** Only a path on this site may be a post-sign-in destination (never `//host` or `https://…`). */
export function safeCallback(raw: string | string[] | undefined): string {
  const v = typeof raw === 'string' ? raw : '';
  return v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') && !v.startsWith('/signin') ? v : '/matters';
}
