// The service's TypeScript SDK: every operation of the OpenAPI document as a typed method (generated into
// operations.ts and schema.ts by `npm run sdk`), plus what a client needs around raw calls — the bearer
// token, errors typed by `code`, waiting out `Retry-After`, following a job, walking cursor pages.
// Plain ESM on `fetch`: Node 18+, Deno, browsers, React Native.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.ts";
import { operations } from "./operations.ts";
import type { Send } from "./types.ts";

export type { components, paths };
export type { Data, Init } from "./types.ts";
export type Schemas = components["schemas"];
export type Job = Schemas["Job"];
export type Project = Schemas["Project"];
export type ErrorBody = Schemas["Error"];
export type JobStatus = Job["status"];

/** The codes every operation may answer, and those the document names; other strings may appear. */
export type KnownErrorCode =
  | "invalid_request"
  | "invalid_json"
  | "unauthorized"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "database_unavailable"
  | "internal_error"
  | DocumentedErrorCode;
// deno-lint-ignore ban-types
export type ErrorCode = KnownErrorCode | (string & {});
import type { DocumentedErrorCode } from "./operations.ts";
export type { DocumentedErrorCode };

/** A refusal in the contract's error shape, `{code, message, details?}`, with its HTTP status. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    /** Seconds the server asked to wait (`Retry-After`), when it said. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

/** Narrows an error to an ApiError, with one of `codes` when given: `if (isApiError(e, "rate_limited"))`. */
export function isApiError<C extends ErrorCode>(
  err: unknown,
  ...codes: C[]
): err is ApiError & { code: C } {
  return err instanceof ApiError &&
    (codes.length === 0 || (codes as string[]).includes(err.code));
}

export interface ClientOptions {
  /** `{base_url}`, e.g. `https://<ref>.supabase.co/functions/v1/v1`. */
  baseUrl: string;
  /** The bearer token, or a function answering the current one (called for every request). */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /** Another fetch (tests, instrumentation); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** How often a 429 or 503 with `Retry-After` is retried after waiting (default 2; 0 turns it off). */
  maxRetries?: number;
  /** A longer `Retry-After` than this is not waited for: the ApiError carries it instead (default 60). */
  maxRetryAfterSeconds?: number;
}

export interface WaitOptions {
  /** Give up after this long with a JobWaitTimeout (default: wait until the job is finished). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with every state read, the first included. */
  onPoll?: (job: Job) => void;
}

/** One event of `GET /jobs/{jobId}/events`: a status change (the job) or the runner's progress. */
export type JobEvent =
  | { id: string; type: "status"; data: Job }
  | {
    id: string;
    type: "progress";
    data: { phase: string; files_written: number; tokens_so_far: number };
  };

export interface JobEventsOptions {
  /** Resume after this event id (the `id` of the last event received). */
  lastEventId?: string;
  signal?: AbortSignal;
}

/** waitForJob ran out of time; `job` is the last state read. */
export class JobWaitTimeout extends Error {
  override readonly name = "JobWaitTimeout";
  constructor(readonly job: Job) {
    super(`job ${job.id} is still ${job.status}`);
  }
}

export const TERMINAL_STATUSES: readonly JobStatus[] = [
  "succeeded",
  "failed",
  "canceled",
];
/** The contract's polling: 2 s, doubling, at most 30 s between reads. */
export const POLL_START_MS = 2_000;
export const POLL_MAX_MS = 30_000;

/** A page of a cursor list: `next_cursor` is null on the last page. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Every page of a cursor list, fetching the next only when asked: `pages((cursor) => api.listProjects(…))`. */
export async function* pages<P extends Page<unknown>>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
): AsyncGenerator<P> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield page;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}

/** Every item of a cursor list, page by page. */
export async function* items<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T> {
  for await (const page of pages(fetchPage)) yield* page.data;
}

export function createAppgenClient(options: ClientOptions) {
  const baseFetch = options.fetch ??
    ((request: Request) => globalThis.fetch(request));
  const maxRetries = options.maxRetries ?? 2;
  const maxWait = options.maxRetryAfterSeconds ?? 60;

  // Waits out a 429 or 503 that says when to come back, a bounded number of times.
  async function fetchRetrying(request: Request): Promise<Response> {
    for (let attempt = 0;; attempt++) {
      const retryable = attempt < maxRetries;
      const res = await baseFetch(retryable ? request.clone() : request);
      const after = retryAfter(res);
      if (
        !retryable || (res.status !== 429 && res.status !== 503) ||
        after === undefined || after > maxWait
      ) {
        return res;
      }
      await res.body?.cancel();
      await sleep(after * 1000, request.signal);
    }
  }

  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: fetchRetrying,
  });
  client.use({
    async onRequest({ request }) {
      const token = typeof options.token === "function" ? await options.token() : options.token;
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  });

  const send: Send = async (method, path, init, multipart) => {
    const opts = { ...(init as Record<string, unknown> | undefined) };
    if (multipart) opts.bodySerializer = toFormData;
    // deno-lint-ignore no-explicit-any
    const { data, error, response } = await (client.request as any)(
      method,
      path,
      opts,
    );
    if (error === undefined && response.ok) return data;
    const body = (error ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      body.code ?? `http_${response.status}`,
      body.message ?? response.statusText,
      body.details,
      retryAfter(response),
    );
  };

  const api = operations(send);

  /** Polls a job from 2 s, doubling to 30 s, until it is succeeded, failed or canceled. */
  async function waitForJob(
    jobId: string,
    wait: WaitOptions = {},
  ): Promise<Job> {
    const deadline = wait.timeoutMs === undefined ? Infinity : Date.now() + wait.timeoutMs;
    let delay = POLL_START_MS;
    for (;;) {
      const job = await api.getJob({
        params: { path: { jobId } },
        signal: wait.signal,
      });
      wait.onPoll?.(job);
      if (TERMINAL_STATUSES.includes(job.status)) return job;
      const left = deadline - Date.now();
      if (left <= 0) throw new JobWaitTimeout(job);
      await sleep(Math.min(delay, left), wait.signal);
      delay = Math.min(delay * 2, POLL_MAX_MS);
    }
  }

  /**
   * The job's events as they happen, oldest first, until the event of a terminal status. A stream the
   * server ends early (its wall-clock limit) is reopened with `Last-Event-ID` after the `retry` it asked for.
   */
  async function* jobEvents(
    jobId: string,
    opts: JobEventsOptions = {},
  ): AsyncGenerator<JobEvent> {
    let last = opts.lastEventId;
    let retryMs = 1000;
    for (;;) {
      const request = new Request(
        `${options.baseUrl.replace(/\/+$/, "")}/jobs/${encodeURIComponent(jobId)}/events`,
        {
          headers: last === undefined ? {} : { "Last-Event-ID": last },
          signal: opts.signal,
        },
      );
      const token = typeof options.token === "function" ? await options.token() : options.token;
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      const res = await fetchRetrying(request);
      if (!res.ok || !res.body) {
        const body = await res.json().catch(() => ({})) as Partial<ErrorBody>;
        throw new ApiError(
          res.status,
          body.code ?? `http_${res.status}`,
          body.message ?? res.statusText,
          body.details,
          retryAfter(res),
        );
      }
      let buffer = "";
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, "m").exec(block)?.[1];
          const retry = field("retry");
          if (retry !== undefined && /^\d+$/.test(retry)) {
            retryMs = Number(retry);
          }
          const id = field("id");
          const type = field("event");
          const data = field("data");
          if (
            id === undefined || data === undefined ||
            (type !== "status" && type !== "progress")
          ) continue;
          last = id;
          const event = { id, type, data: JSON.parse(data) } as JobEvent;
          yield event;
          if (
            event.type === "status" &&
            TERMINAL_STATUSES.includes(event.data.status)
          ) return;
        }
      }
      await sleep(retryMs, opts.signal);
    }
  }

  return {
    ...api,
    waitForJob,
    jobEvents,
    pages,
    items,
    /** The openapi-fetch client underneath, for calls by path: `raw.GET("/jobs/{jobId}", …)`. */
    raw: client,
  };
}

export type AppgenClient = ReturnType<typeof createAppgenClient>;

/** `Retry-After` in seconds: delta-seconds or an HTTP date. */
function retryAfter(res: Response): number | undefined {
  const value = res.headers.get("Retry-After");
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Multipart bodies: Blobs (and Files) as file parts, arrays as repeated fields, the rest as text. */
function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined) continue;
      form.append(key, v instanceof Blob ? v : String(v));
    }
  }
  return form;
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", abort, { once: true });
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
  });
}
