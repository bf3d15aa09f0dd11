import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export type ServedPath = { ok: true; file: string } | { ok: false; status: 403 | 404; reason: string };

/** True when `child` is `parent` or lies inside it. */
function inside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The file of `root` that the URL path `urlPath` (the part after `/out/`, still percent-encoded,
 * without its query) names, or why it is refused: `..` (plain or encoded), absolute paths,
 * backslashes, NUL, hidden names (`.cache`, the staging folder), and anything whose real path,
 * after following symbolic links, leaves `root`.
 */
export function resolveServedPath(root: string, urlPath: string): ServedPath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { ok: false, status: 404, reason: 'bad encoding' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 403, reason: 'bad character' };
  if (decoded.startsWith('/') || path.isAbsolute(decoded) || /^[a-zA-Z]:/.test(decoded)) return { ok: false, status: 403, reason: 'absolute path' };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return { ok: false, status: 403, reason: 'dot segment' };
  if (segments.some((s) => s.startsWith('.'))) return { ok: false, status: 404, reason: 'hidden file' };
  if (segments.some((s) => s === '')) return { ok: false, status: 404, reason: 'empty segment' };
  const candidate = path.resolve(root, ...segments);
  if (!inside(path.resolve(root), candidate)) return { ok: false, status: 403, reason: 'outside the output folder' };
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(candidate);
  } catch {
    return { ok: false, status: 404, reason: 'not found' };
  }
  if (!inside(realRoot, real)) return { ok: false, status: 403, reason: 'symbolic link out of the output folder' };
  try {
    if (!statSync(real).isFile()) return { ok: false, status: 404, reason: 'not a file' };
  } catch {
    return { ok: false, status: 404, reason: 'not found' };
  }
  return { ok: true, file: real };
}

/**
 * Whether a request's Host header names this server on the loopback interface: `127.0.0.1:port`
 * or `localhost:port`. Anything else (a DNS-rebinding name that resolves to 127.0.0.1) is refused.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const h = host.trim().toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}`;
}
