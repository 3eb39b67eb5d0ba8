import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { onlineManager } from '@tanstack/react-query';
import {
  ApiError,
  apiFetch,
  apiRequest,
  apiUpload,
  isUnreachable,
  putToSignedUrl,
  setSubscriptionRequiredHandler,
  setUnauthorizedHandler,
} from './api-client';

const PAYWALL = 'Looks like your 7 day free trial has expired.';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('the API client and the server paywall', () => {
  const seen: string[] = [];
  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
    vi.stubGlobal('localStorage', { getItem: () => 'a-token' });
    setSubscriptionRequiredHandler((message) => seen.push(message));
  });
  afterEach(() => {
    setSubscriptionRequiredHandler(() => undefined);
    vi.unstubAllGlobals();
  });

  it('hands a 402 SUBSCRIPTION_REQUIRED to the paywall handler, and still throws it', async () => {
    answer(402, { error: PAYWALL, detail: PAYWALL, code: 'SUBSCRIPTION_REQUIRED' });
    const failure = apiRequest(z.unknown(), '/api/v1/experience-log/', {
      method: 'POST',
      body: {},
    });
    await expect(failure).rejects.toMatchObject({
      status: 402,
      code: 'SUBSCRIPTION_REQUIRED',
      message: PAYWALL,
    });
    expect(seen).toEqual([PAYWALL]);
  });

  it('leaves a declined card (402 PAYMENT_FAILED) to the payment form', async () => {
    const declined = 'Your card was declined.';
    answer(402, { error: declined, detail: declined, code: 'PAYMENT_FAILED' });
    const failure = apiRequest(z.unknown(), '/api/v1/charge-payment/', { method: 'POST' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: declined });
    expect(seen).toEqual([]);
  });
});

describe('the code of a refusal', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
    vi.stubGlobal('localStorage', { getItem: () => 'a-token' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads it beside non_field_errors, keeping the message', async () => {
    const message = 'Add your BACB ID to your profile before filling a form.';
    answer(400, { non_field_errors: [message], code: 'FORM_PROFILE_INCOMPLETE' });
    await expect(apiRequest(z.unknown(), '/api/v1/final-forms/')).rejects.toMatchObject({
      status: 400,
      code: 'FORM_PROFILE_INCOMPLETE',
      message,
      fields: { non_field_errors: [message] },
    });
  });

  it('falls back to the status’s code for a field body without one, or with an unknown one', async () => {
    answer(400, { non_field_errors: ['No.'], code: 'MADE_UP' });
    await expect(apiRequest(z.unknown(), '/api/v1/x/')).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    answer(400, { month: ['Use the form YYYY-MM'] });
    await expect(apiRequest(z.unknown(), '/api/v1/x/')).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});

/** A stand-in XMLHttpRequest that records what was sent and answers with `reply`. */
function fakeXhr(reply: { status: number; body: unknown }) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
    [];
  class FakeXhr {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploads with progress', () => {
  const seen: string[] = [];
  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
    vi.stubGlobal('localStorage', { getItem: () => 'a-token' });
    setSubscriptionRequiredHandler((message) => seen.push(message));
  });
  afterEach(() => {
    setSubscriptionRequiredHandler(() => undefined);
    vi.unstubAllGlobals();
  });

  it('sends the form signed in, reports progress and parses the answer', async () => {
    const sent = fakeXhr({ status: 201, body: { id: 7 } });
    const progress: number[] = [];
    const answer = await apiUpload(z.object({ id: z.number() }), '/api/v1/upload-record/', {
      body: new FormData(),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(answer).toEqual({ id: 7 });
    expect(progress).toEqual([0.5]);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://app.test/api/v1/upload-record/',
      headers: { authorization: 'token a-token' },
    });
  });

  it('turns field errors into an ApiError with its fields', async () => {
    fakeXhr({ status: 400, body: { document: ['Invalid File Format'] } });
    const failure = apiUpload(z.unknown(), '/api/v1/upload-record/', { body: new FormData() });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      fields: { document: ['Invalid File Format'] },
      messages: ['Document: Invalid File Format'],
    });
  });

  it('hands an expired trainee’s 402 to the paywall handler', async () => {
    fakeXhr({ status: 402, body: { detail: PAYWALL, code: 'SUBSCRIPTION_REQUIRED' } });
    const failure = apiUpload(z.unknown(), '/api/v1/upload-record/', { body: new FormData() });
    await expect(failure).rejects.toMatchObject({ status: 402, code: 'SUBSCRIPTION_REQUIRED' });
    expect(seen).toEqual([PAYWALL]);
  });

  it('PUTs a picture to its signed URL with its own type and no sign-in header', async () => {
    const sent = fakeXhr({ status: 200, body: null });
    const picture = new Blob(['png'], { type: 'image/png' });
    await putToSignedUrl('/api/v1/storage/object/?token=t', picture);
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: 'http://app.test/api/v1/storage/object/?token=t',
      headers: { accept: 'application/json', 'content-type': 'image/png' },
      body: picture,
    });
  });
});

describe('a request', () => {
  let token: string | null;
  let endedSessions: number;
  beforeEach(() => {
    token = 'a-token';
    endedSessions = 0;
    vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
    vi.stubGlobal('localStorage', { getItem: () => token });
    vi.stubGlobal('navigator', { onLine: false });
    setUnauthorizedHandler(() => (endedSessions += 1));
  });
  afterEach(() => {
    setUnauthorizedHandler(() => undefined);
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('sends the token, the query without its empty values and the body as JSON', async () => {
    const fetch = vi.fn(
      async (_url: URL, _init: RequestInit) => new Response(JSON.stringify({ id: 3 })),
    );
    vi.stubGlobal('fetch', fetch);
    const answer = await apiRequest(z.object({ id: z.number() }), '/api/v1/experience-log/', {
      method: 'POST',
      query: { page: 2, search: '', month: undefined },
      body: { note: 'hi' },
    });
    expect(answer).toEqual({ id: 3 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://app.test/api/v1/experience-log/?page=2');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"note":"hi"}',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'token a-token',
      },
    });
  });

  it('reads a 204 as no body, and hands a download its raw response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest(z.undefined(), '/api/v1/x/', { method: 'DELETE' })).resolves.toBe(
      undefined,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('a,b\n', { status: 200 })),
    );
    const response = await apiFetch('/api/v1/export/');
    await expect(response.text()).resolves.toBe('a,b\n');
  });

  it('ends the session on a 401 to a signed-in call, not to a signed-out one', async () => {
    answer(401, { detail: 'Invalid token.', code: 'UNAUTHENTICATED' });
    await expect(apiRequest(z.unknown(), '/api/v1/me/')).rejects.toMatchObject({ status: 401 });
    expect(endedSessions).toBe(1);
    token = null;
    await expect(apiRequest(z.unknown(), '/api/v1/login/')).rejects.toMatchObject({
      status: 401,
    });
    expect(endedSessions).toBe(1);
  });

  it('says the server was not reached when no answer came, and the app goes offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await apiRequest(z.unknown(), '/api/v1/me/').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, code: 'UNAVAILABLE' });
    expect(isUnreachable(failure)).toBe(true);
    expect(onlineManager.isOnline()).toBe(false);
    expect(isUnreachable(new ApiError(503, 'UNAVAILABLE', 'Busy'))).toBe(false);
  });

  it('lists every message of a refusal, each field’s with its name', () => {
    const error = new ApiError(400, 'VALIDATION', 'Invalid input', {
      date_of_experience: ['Date cannot be in the future'],
      non_field_errors: ['This entry overlaps another one'],
    });
    expect(error.messages).toEqual([
      'Date of experience: Date cannot be in the future',
      'This entry overlaps another one',
    ]);
    expect(new ApiError(409, 'CONFLICT', 'This month is locked.').messages).toEqual([
      'This month is locked.',
    ]);
  });
});
