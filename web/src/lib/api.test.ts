import { ApiError, apiRequest, errorDetail, getQueryFn } from './api';

describe('api client (SPEC 7)', () => {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const realFetch = globalThis.fetch;
  let nextResponse: Response;

  beforeEach(() => {
    calls.length = 0;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return nextResponse;
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends JSON with cookies and the CSRF header', async () => {
    nextResponse = new Response('{}', { status: 200 });
    await apiRequest('POST', '/api/register', { name: 'Ann' });
    const [call] = calls;
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"name":"Ann"}');
    expect(call?.init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Requested-With': 'chart-to-plan',
    });
  });

  it('sends form data as is, without a JSON content type', async () => {
    nextResponse = new Response('{}', { status: 200 });
    const form = new FormData();
    form.set('accountSize', '10000');
    await apiRequest('POST', '/api/analyze', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('fails with "{status}: {body}" or the status text when the body is empty', async () => {
    nextResponse = new Response('Email already registered', { status: 409, statusText: 'Conflict' });
    await expect(apiRequest('POST', '/api/register', {})).rejects.toThrow('409: Email already registered');
    nextResponse = new Response('', { status: 500, statusText: 'Internal Server Error' });
    await expect(apiRequest('POST', '/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('keeps the Retry-After seconds of a busy answer', async () => {
    nextResponse = new Response('busy', { status: 503, headers: { 'Retry-After': '3' } });
    await expect(apiRequest('POST', '/api/analyze')).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 3,
    });
    nextResponse = new Response('oops', { status: 500 });
    await expect(apiRequest('POST', '/x')).rejects.toMatchObject({ retryAfterSeconds: null });
  });

  it('yields null on 401 when asked to, and throws otherwise', async () => {
    nextResponse = new Response('', { status: 401, statusText: 'Unauthorized' });
    const ctx = { queryKey: ['/api/auth/user'], signal: new AbortController().signal };
    await expect(getQueryFn({ on401: 'returnNull' })(ctx as never)).resolves.toBeNull();
    nextResponse = new Response('', { status: 401, statusText: 'Unauthorized' });
    await expect(getQueryFn({ on401: 'throw' })(ctx as never)).rejects.toThrow('401: Unauthorized');
    expect(calls[0]?.url).toBe('/api/auth/user');
  });

  it('extracts the problem+json detail for display', () => {
    const body = JSON.stringify({ title: 'Bad Request', status: 400, detail: 'Code expired.' });
    expect(errorDetail(new ApiError(400, body, 'Bad Request'))).toBe('Code expired.');
    expect(errorDetail(new ApiError(400, 'plain words', 'Bad Request'))).toBe('plain words');
  });
});
