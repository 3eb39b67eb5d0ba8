import { z } from 'zod';
import {
  errorCodeForStatus,
  isErrorCode,
  type ErrorCode,
  type FieldErrors,
} from '../../shared/errors';
import { isNetworkFailure, reportReachable, reportUnreachable } from './connection';
import { readToken } from './session-storage';

/** Every non-2xx answer, parsed into the contract's parts. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Field-keyed messages (400 validation); `non_field_errors` included when sent. */
  readonly fields: FieldErrors;

  constructor(status: number, code: ErrorCode, message: string, fields: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** Every message in the body, 'field: message' for field errors (SPEC §8 toasts). */
  get messages(): string[] {
    const entries = Object.entries(this.fields);
    if (entries.length === 0) return [this.message];
    return entries.flatMap(([field, messages]) =>
      field === 'non_field_errors' ? messages : messages.map((m) => `${humanize(field)}: ${m}`),
    );
  }
}

function humanize(field: string): string {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Called on any 401: the session is over (set by the session provider). */
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Called on a 402 SUBSCRIPTION_REQUIRED: the server's paywall refused the write of a trainee
 * whose trial or subscription has run out (set by the app: it refreshes their standing and
 * sends them to /subscription with the message). The caller still gets the ApiError.
 */
let onSubscriptionRequired: (message: string) => void = () => undefined;
export function setSubscriptionRequiredHandler(handler: (message: string) => void): void {
  onSubscriptionRequired = handler;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Calls the API and parses the answer with `schema`; throws ApiError on failure. */
export async function apiRequest<T>(
  schema: z.ZodType<T>,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}

/** Calls the API and returns the raw response (downloads). */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(path, options);
}

/** SPEC §7: every call gives up after 120 seconds. */
const REQUEST_TIMEOUT_MS = 120_000;

const unreachable = () =>
  new ApiError(0, 'UNAVAILABLE', 'Cannot reach the server. Check your connection and try again.');

/** Whether a call failed because the server was not reached (no answer at all). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAVAILABLE' && error.status === 0;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = readToken();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `token ${token}`;
  const signal = options.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    // No answer at all: the app is offline until the browser or the server says otherwise.
    if (isNetworkFailure(error, signal)) reportUnreachable();
    throw unreachable();
  }
  reportReachable();
  if (response.ok) return response;
  throw await rejection(response, token !== null);
}

/** A refused answer as an ApiError, after the session and paywall handlers have seen it. */
async function rejection(response: Response, wasSignedIn: boolean): Promise<ApiError> {
  const error = await toApiError(response);
  if (response.status === 401 && wasSignedIn) onUnauthorized();
  if (error.code === 'SUBSCRIPTION_REQUIRED') onSubscriptionRequired(error.message);
  return error;
}

type UploadOptions = {
  method?: 'POST' | 'PUT' | 'PATCH';
  body: FormData | Blob;
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
};

/**
 * Sends a multipart form to the API and parses the answer with `schema`, as `apiRequest` does.
 * XMLHttpRequest rather than fetch: only it reports how much of a file has been sent.
 */
export async function apiUpload<T>(
  schema: z.ZodType<T>,
  path: string,
  options: UploadOptions,
): Promise<T> {
  const token = readToken();
  const response = await sendWithProgress(new URL(path, window.location.origin).href, {
    ...options,
    headers: token ? { authorization: `token ${token}` } : {},
  });
  if (!response.ok) throw await rejection(response, token !== null);
  return schema.parse(response.status === 204 ? undefined : await response.json());
}

/**
 * PUTs a file to a signed upload URL (SPEC §7 picture upload): the URL is the permission, so no
 * sign-in header goes with it; the file's own type does.
 */
export async function putToSignedUrl(
  url: string,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const response = await sendWithProgress(new URL(url, window.location.origin).href, {
    method: 'PUT',
    body: file,
    onProgress,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  if (!response.ok) throw await rejection(response, false);
}

function sendWithProgress(
  url: string,
  options: UploadOptions & { headers: Record<string, string> },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', url);
    request.timeout = REQUEST_TIMEOUT_MS;
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      reportReachable();
      const body = request.status === 204 ? null : request.responseText;
      const type = request.getResponseHeader('content-type') ?? 'text/plain';
      resolve(new Response(body, { status: request.status, headers: { 'content-type': type } }));
    };
    request.onerror = () => {
      reportUnreachable();
      reject(unreachable());
    };
    request.ontimeout = () => reject(unreachable());
    request.send(options.body);
  });
}

const DetailBodySchema = z.object({ detail: z.string(), code: z.string().optional() });
const FieldBodySchema = z.record(z.string(), z.unknown());

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = errorCodeForStatus(response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.status, fallback, 'Something went wrong. Please try again.');
  }
  const detail = DetailBodySchema.safeParse(body);
  if (detail.success) {
    const code = detail.data.code;
    return new ApiError(
      response.status,
      code && isErrorCode(code) ? code : fallback,
      detail.data.detail,
    );
  }
  const record = FieldBodySchema.safeParse(body);
  if (!record.success) {
    return new ApiError(response.status, fallback, 'Something went wrong. Please try again.');
  }
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(record.data)) {
    const messages = z.array(z.string()).safeParse(value);
    if (messages.success) fields[key] = messages.data;
  }
  const first = Object.values(fields)[0]?.[0] ?? 'The request was not accepted.';
  // A refusal the page handles by its code (the official forms') names it beside the messages.
  const code = typeof record.data.code === 'string' ? record.data.code : '';
  return new ApiError(response.status, isErrorCode(code) ? code : fallback, first, fields);
}
