import type { QueryFunction } from '@tanstack/react-query';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from './contracts';

/**
 * The server refuses state-changing requests without this header (its CSRF rule: a cross-site
 * form cannot set custom headers). Sent on every request so reads and writes behave alike.
 */
export const REQUESTED_WITH_HEADER = { [CSRF_HEADER]: CSRF_HEADER_VALUE } as const;

/**
 * A non-success HTTP response. `message` is "{status}: {body text}" (or the status text when
 * the body is empty), as SPEC 7 defines, so callers can still match on body fragments such as
 * "Email already registered".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** Seconds the server asked to wait (Retry-After of a 429 or 503), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: string, statusText: string, retryAfterSeconds: number | null = null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in its delay-seconds form; the HTTP-date form is not used by our server. */
function parseRetryAfter(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  throw new ApiError(res.status, body, res.statusText, parseRetryAfter(res.headers.get('retry-after')));
}

/**
 * Sends a request with cookies. A plain object is sent as JSON, FormData as is (the browser
 * sets the multipart boundary). Resolves with the Response; throws ApiError on non-2xx.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  init?: { signal?: AbortSignal },
): Promise<Response> {
  const headers: Record<string, string> = { ...REQUESTED_WITH_HEADER };
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  const res = await fetch(url, {
    method,
    headers,
    body,
    credentials: 'include',
    signal: init?.signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** Like apiRequest, then parses a JSON body (undefined for 204 / empty bodies). */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Generic GET for TanStack Query: the query key parts joined with "/" are the path.
 * With on401 'returnNull' an unauthenticated answer resolves to null instead of throwing.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), {
      credentials: 'include',
      headers: { ...REQUESTED_WITH_HEADER },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * A readable message for an error, for toasts: the problem+json `detail` (RFC 9457) when the
 * body is one, else its `title` or `message`, else the raw body text, else the error message.
 * Returns undefined when nothing readable is available so callers can use their fallback text.
 */
export function errorDetail(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    if (!error.body.trim()) return error.message; // "{status}: {status text}"
    return readableFromBody(error.body);
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

function readableFromBody(body: string): string | undefined {
  const trimmed = body.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>;
        for (const key of ['detail', 'message', 'title'] as const) {
          const value = record[key];
          if (typeof value === 'string' && value.trim()) return value.trim();
        }
      }
      return undefined;
    } catch {
      // Not JSON after all: fall through to the raw text.
    }
  }
  // An HTML error page (e.g. from a proxy) is not a message a person should read.
  if (trimmed.startsWith('<')) return undefined;
  return trimmed;
}
