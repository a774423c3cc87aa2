// The service's TypeScript SDK: every operation of the OpenAPI document as a typed method (generated into
// operations.ts and schema.ts by `npm run sdk`), plus what a client needs around raw calls — the bearer
// token, errors typed by `code`, waiting out `Retry-After`, a job's events parsed from its Server-Sent Events
// stream (sse.ts), waiting for a job (on that stream, else by polling), walking cursor pages.
// Plain ESM on `fetch`: Node 18+, Deno, browsers; where a response body cannot be streamed (React Native),
// waitForJob polls.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.ts";
import { operations } from "./operations.ts";
import type { Init, Send } from "./types.ts";
import { SseParser } from "./sse.ts";

export type { components, paths };
export type { Data, Init } from "./types.ts";
export { type SseEvent, SseParser } from "./sse.ts";
export type Schemas = components["schemas"];
export type Job = Schemas["Job"];
export type JobEstimate = Schemas["JobEstimate"];
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
  /** Not the server's: an answer to `streamJobEvents` that is not `text/event-stream`. */
  | "not_an_event_stream"
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
  /** Called with every state seen (each status event, or each read when polling), the first included. */
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

/**
 * `streamJobEvents`'s options: the operation's own (`params.path.jobId`, `params.header["last-event-id"]`
 * to resume after an event, `signal`…), and how often a dropped connection is reopened.
 */
export type JobEventsInit = Init<"/jobs/{jobId}/events", "get"> & {
  /** Connections in a row that may fail (network errors) before the error is thrown (default 5). */
  maxReconnects?: number;
};

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

  // Spelled out, so that the declarations name no type openapi-fetch does not export.
  const client: Client<paths, `${string}/${string}`> = createClient<paths>({
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
    throw apiError(response, error);
  };

  const api = operations(send);

  /**
   * The job's events as they happen, oldest first, until the event of a terminal status. When the stream
   * ends early (the server's wall-clock limit) or the connection drops, it is reopened with `Last-Event-ID`
   * after the `retry` the server asked for (1 s until it says).
   */
  async function* streamJobEvents(
    init: JobEventsInit,
  ): AsyncGenerator<JobEvent> {
    const { maxReconnects = 5, ...request } = init;
    const parser = new SseParser(request.params.header?.["last-event-id"]);
    let failures = 0;
    for (;;) {
      try {
        const header = parser.lastEventId ? { "last-event-id": parser.lastEventId } : {};
        const { data, error, response } = await client.GET(
          "/jobs/{jobId}/events",
          {
            ...request,
            params: { ...request.params, header },
            parseAs: "stream",
          },
        );
        if (error !== undefined || !response.ok) {
          throw apiError(response, error);
        }
        const type = response.headers.get("content-type");
        if (!type?.startsWith("text/event-stream") || !data) {
          await response.body?.cancel();
          throw new ApiError(
            200,
            "not_an_event_stream",
            "The answer is not an event stream.",
            {
              content_type: type,
            },
            undefined,
          );
        }
        const reader = data.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            for (const e of parser.push(value)) {
              if (e.event !== "status" && e.event !== "progress") continue;
              failures = 0;
              const event = {
                id: e.id,
                type: e.event,
                data: JSON.parse(e.data),
              } as JobEvent;
              yield event;
              if (
                event.type === "status" &&
                TERMINAL_STATUSES.includes(event.data.status)
              ) return;
            }
          }
        } finally {
          await reader.cancel().catch(() => {});
        }
      } catch (err) {
        // A refusal or an event that is not JSON is final; a dropped connection is reopened a bounded number
        // of times in a row.
        if (
          err instanceof ApiError || err instanceof SyntaxError ||
          request.signal?.aborted ||
          ++failures > maxReconnects
        ) throw err;
      }
      await sleep(parser.retry ?? 1000, request.signal);
    }
  }

  /**
   * Follows a job until it is succeeded, failed or canceled: through its event stream, or, when that cannot
   * be read (a proxy that buffers or refuses it, a server error), by polling from 2 s, doubling to 30 s.
   */
  async function waitForJob(
    jobId: string,
    wait: WaitOptions = {},
  ): Promise<Job> {
    const deadline = wait.timeoutMs === undefined ? Infinity : Date.now() + wait.timeoutMs;
    const seen = (job: Job) => {
      wait.onPoll?.(job);
      return TERMINAL_STATUSES.includes(job.status);
    };
    const stop = new AbortController();
    const timer = wait.timeoutMs === undefined ? undefined : setTimeout(() => stop.abort(), wait.timeoutMs);
    const forward = () => stop.abort(wait.signal!.reason);
    if (wait.signal?.aborted) forward();
    wait.signal?.addEventListener("abort", forward, { once: true });
    try {
      const events = streamJobEvents({
        params: { path: { jobId } },
        signal: stop.signal,
        maxReconnects: 1,
      });
      for await (const event of events) {
        if (event.type === "status" && seen(event.data)) return event.data;
      }
    } catch (err) {
      if (wait.signal?.aborted) throw wait.signal.reason;
      // A refusal of the job itself (unknown, not the caller's) is the answer; out of time, the read below says.
      if (!stop.signal.aborted && isApiError(err) && isRefusal(err)) throw err;
    } finally {
      clearTimeout(timer);
      wait.signal?.removeEventListener("abort", forward);
    }
    let delay = POLL_START_MS;
    for (;;) {
      const job = await api.getJob({
        params: { path: { jobId } },
        signal: wait.signal,
      });
      if (seen(job)) return job;
      const left = deadline - Date.now();
      if (left <= 0) throw new JobWaitTimeout(job);
      await sleep(Math.min(delay, left), wait.signal);
      delay = Math.min(delay * 2, POLL_MAX_MS);
    }
  }

  /**
   * The project's zip archive (`GET /projects/{projectId}/archive`; with `version`, that version's) as the
   * stream of its bytes, built by the server while it is read; `new Response(stream).arrayBuffer()` collects it.
   */
  async function downloadArchive(
    projectId: number,
    init: { signal?: AbortSignal; version?: string } = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const { data, error, response } = await client.GET(
      "/projects/{projectId}/archive",
      {
        params: { path: { projectId }, query: { version: init.version } },
        parseAs: "stream",
        signal: init.signal,
      },
    );
    if (error !== undefined || !response.ok || !data) {
      throw apiError(response, error);
    }
    return data;
  }

  /**
   * Writes the project's files under `dir` (created when missing): text as UTF-8, binary files (`encoding`
   * `base64`) as their bytes; with `version`, that version's files (read a page at a time). Node and Deno
   * (`node:fs/promises`). The written paths, ordered by path.
   */
  async function downloadProject(
    projectId: number,
    dir: string,
    options: { version?: string } = {},
  ): Promise<string[]> {
    const { version } = options;
    const files: AsyncIterable<
      Schemas["ProjectFile"] | Schemas["VersionFileList"]["data"][number]
    > = version === undefined
      ? (async function* () {
        yield* (await api.listProjectFiles({ params: { path: { projectId } } }))
          .data;
      })()
      : items((cursor) =>
        api.getVersion({
          params: {
            path: { projectId, versionId: version },
            query: { limit: 500, cursor },
          },
        })
      );
    // Loaded when called, so that the rest of the SDK needs no file system (browsers, React Native).
    const fs: FsPromises = await import(FS_MODULE);
    const written: string[] = [];
    for await (const file of files) {
      // The server refuses such paths on every write; a file is never written outside `dir` all the same.
      if (
        file.path.startsWith("/") ||
        file.path.split("/").some((s) => s === "" || s === "." || s === "..")
      ) {
        throw new ApiError(
          200,
          "unsafe_file_path",
          "A file's path leaves the folder.",
          { path: file.path },
          undefined,
        );
      }
      const target = `${dir.replace(/\/+$/, "")}/${file.path}`;
      await fs.mkdir(target.slice(0, target.lastIndexOf("/")), {
        recursive: true,
      });
      await fs.writeFile(
        target,
        file.encoding === "base64" ? fromBase64(file.contents) : file.contents,
      );
      written.push(file.path);
    }
    return written;
  }

  return {
    ...api,
    downloadArchive,
    downloadProject,
    streamJobEvents,
    waitForJob,
    pages,
    items,
    /** The openapi-fetch client underneath, for calls by path: `raw.GET("/jobs/{jobId}", …)`. */
    raw: client,
  };
}

export type AppgenClient = ReturnType<typeof createAppgenClient>;

// A variable, so that bundlers for browsers leave the import alone and TypeScript needs no Node types.
const FS_MODULE = "node:fs/promises";
interface FsPromises {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An error answer as an ApiError: the contract's `{code, message, details}`, `http_<status>` without one. */
function apiError(response: Response, error: unknown): ApiError {
  const body = (error ?? {}) as Partial<ErrorBody>;
  return new ApiError(
    response.status,
    body.code ?? `http_${response.status}`,
    body.message ?? response.statusText,
    body.details,
    retryAfter(response),
  );
}

/** A 4xx other than 429: the request itself is refused, so another way of asking it would be too. */
function isRefusal(err: ApiError): boolean {
  return err.status >= 400 && err.status < 500 && err.status !== 429;
}

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
