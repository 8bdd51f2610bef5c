// Where a sign-in returns to: the page that sent the visitor to /login, carried as ?next=<path and query>.
// Only a same-origin relative path is accepted; anything that a browser could read as another origin
// (//host, /\host, a scheme, or those hidden behind percent-encoding or control characters) is refused.

/** The page a signed-in visitor lands on when no return target was given. */
export const SIGNED_IN_HOME = '/user/dashboard';

export const RETURN_PARAM = 'next';

const ORIGIN = 'https://return-path.invalid';
// Pages that would send the visitor straight back to a sign-in form.
const NOT_A_TARGET = new Set(['/login', '/signup']);

/** Every form the text takes when decoded again and again (a double-encoded `%252F` too). */
function decodings(raw: string): string[] {
  const forms = [raw];
  let current = raw;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return forms; // malformed escapes: what the browser would see is the raw text
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * Starts with one slash, and its path part holds no backslash (a slash in http URLs), control character or
 * space (parsers drop or trim them); the query may hold anything.
 */
function isLocalPath(form: string): boolean {
  const path = form.split(/[?#]/, 1)[0];
  return path.startsWith('/') && !path.startsWith('//') && !/[\\\u0000-\u0020\u007f]/.test(path);
}

/**
 * The return target if `raw` is a safe same-origin path (`/user/package?vip=3`), else null.
 * The result is the normalised path, query and hash, as the URL parser reads them.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (!decodings(raw).every(isLocalPath)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (NOT_A_TARGET.has(url.pathname) || url.pathname.startsWith('/signup/')) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a new leading `//` (`/..//host`): the normalised form is checked again.
  return decodings(target).every(isLocalPath) ? target : null;
}

/** `/login?next=…` for the page at `path` (path, query and hash). */
export function loginPathFor(path: string): string {
  const target = safeReturnPath(path);
  return target ? `/login?${RETURN_PARAM}=${encodeURIComponent(target)}` : '/login';
}

/** The same return target carried to another auth page (login ⇄ sign-up). */
export function withReturnTarget(page: string, target: string | null): string {
  return target ? `${page}?${RETURN_PARAM}=${encodeURIComponent(target)}` : page;
}
