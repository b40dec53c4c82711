const BASE = 'http://same-origin.invalid';

/**
 * Only a path on this site may be a post-sign-in destination. The value is refused outright if
 * it holds a control character, whitespace or a backslash (browsers drop tabs and newlines and
 * read `\` as `/`, so `/\t/evil.example` would become `//evil.example`), then resolved as a URL
 * against a placeholder origin: anything that leaves that origin (`//host`, `https://…`) is
 * refused, and what is returned is the normalized path, query and fragment.
 */
export function safeCallback(raw: string | string[] | undefined): string {
  const fallback = '/matters';
  const v = typeof raw === 'string' ? raw : '';
  if (!v.startsWith('/') || /[\u0000-\u0020\u007f-\u009f\\]/.test(v)) return fallback;
  let url: URL;
  try {
    url = new URL(v, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//') || path === '/signin' || path.startsWith('/signin/') || path.startsWith('/signin?'))
    return fallback;
  return path;
}
