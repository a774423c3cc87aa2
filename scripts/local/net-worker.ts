// Sends the HTTP requests queued by the pg_net stand-in (scripts/local/pg_net.sql) and records their
// outcomes, playing the part of pg_net's background worker for the local stack.
//
// Requests are claimed by deleting them from net.http_request_queue, so only committed rows are ever
// seen and each one is sent at most once, as with pg_net. The worker wakes on NOTIFY pg_net_request
// (sent by a trigger on the queue, delivered at commit) and also polls every second, because a
// notification sent while the listening connection was down is lost.

import postgres from "postgres";

export interface NetWorkerOptions {
  /** Most requests in flight at once; default 8. */
  concurrency?: number;
  /** Receives one line per notable event (database lost and regained, dropped responses). */
  log?: (msg: string) => void;
}

export interface NetWorker {
  /** Aborts requests in flight (recording them as failed), then closes every connection. */
  stop(): Promise<void>;
}

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

// A type alias rather than an interface so it is assignable to postgres.js's JSONValue.
type Outcome = {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
};

const CHANNEL = "pg_net_request";
// net.check_worker_is_up() and net.wait_until_running() look for sessions with this name.
const APPLICATION_NAME = "pg_net worker";
const USER_AGENT = "pg_net/0.19.7";
const POLL_MS = 1000;
const CLEANUP_EVERY_POLLS = 60;
// A local database answers at once; a short connect timeout keeps stop() quick while it is down.
const CONNECT_TIMEOUT_S = 2;
// postgres.js backs off exponentially (up to 20 s) between reconnects; the 1 s poll already paces
// retries, so a fixed short delay lets the worker resume as soon as the database is back.
const reconnectDelayS = () => 0.25;

export function startNetWorker(databaseUrl: string, options: NetWorkerOptions = {}): NetWorker {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
  const log = options.log ?? ((msg: string) => console.error(`[net-worker] ${msg}`));

  const connection = { application_name: APPLICATION_NAME };
  const sql = postgres(databaseUrl, {
    max: 2,
    prepare: false,
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: reconnectDelayS,
    onnotice: () => {},
    connection,
  });
  // postgres.js hands NotificationResponse messages to the `onnotify` option (the hook its own listen()
  // is built on; it is missing from the typings). A connection of our own, rather than sql.listen(),
  // lets `onclose` tell us the LISTEN is gone: sql.listen() gives up silently when its one re-listen
  // attempt fails, e.g. while the database restarts.
  const notifyHook = { onnotify: () => wake() };
  const listener = postgres(databaseUrl, {
    max: 1,
    prepare: false,
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: reconnectDelayS,
    max_lifetime: null,
    onnotice: () => {},
    onclose: () => {
      listening = false;
    },
    connection,
    ...notifyHook,
  });

  let stopped = false;
  let healthy = true;
  let listening = false;
  let listenPending = false;
  let draining = false;
  let drainAgain = false;
  // Whether the last drain stopped with every slot in flight (more may be queued).
  let saturated = false;
  let polls = 0;
  const stopController = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const background = new Set<Promise<void>>();
  // Outcomes whose insert failed (database down); retried on every drain until stop().
  const unsaved: Outcome[] = [];

  // Everything tracked here settles without rejecting, so stop() can simply wait for it all.
  function track(work: Promise<void>): void {
    background.add(work);
    work.finally(() => background.delete(work));
  }

  function reachable(): void {
    if (!healthy) {
      healthy = true;
      log("database usable again; resuming");
    }
  }

  function unreachable(err: unknown): void {
    if (healthy) {
      healthy = false;
      log(`database error, retrying every ${POLL_MS / 1000} s: ${errorText(err)}`);
    }
  }

  function ensureListening(): void {
    if (listening || listenPending || stopped) return;
    listenPending = true;
    track(
      listener`listen ${listener(CHANNEL)}`
        .then(() => {
          listening = true;
          reachable();
          // Anything queued while nobody listened is picked up now rather than at the next poll.
          wake();
        })
        .catch(unreachable)
        .finally(() => {
          listenPending = false;
        }),
    );
  }

  function wake(): void {
    if (stopped) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = true;
    track(
      drain().finally(() => {
        draining = false;
        if (drainAgain) {
          drainAgain = false;
          wake();
        }
      }),
    );
  }

  async function drain(): Promise<void> {
    try {
      await saveOutcomes();
      saturated = false;
      while (!stopped) {
        if (inFlight.size >= concurrency) {
          saturated = true;
          break;
        }
        const limit = concurrency - inFlight.size;
        const rows = await sql<QueuedRequest[]>`
          delete from net.http_request_queue
          where id in (
            select id from net.http_request_queue order by id for update skip locked limit ${limit}
          )
          returning id, method, url, headers, body, timeout_milliseconds
        `;
        reachable();
        rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        for (const row of rows) dispatch(row);
        if (rows.length < limit) break;
      }
    } catch (err) {
      unreachable(err);
    }
  }

  function dispatch(row: QueuedRequest): void {
    const sending: Promise<void> = send(row, stopController.signal)
      .then((outcome) => {
        unsaved.push(outcome);
        return saveOutcomes();
      })
      .finally(() => {
        inFlight.delete(sending);
        // Only a drain that stopped for want of a free slot left requests queued; otherwise the queue was
        // empty then, and a request queued since wakes the worker by its NOTIFY (or the poll).
        if (saturated) wake();
      });
    inFlight.add(sending);
    track(sending);
  }

  // One insert at a time: outcomes that arrive while one is under way go in the next, so a busy worker
  // records many responses a statement (pg_net records a batch of them at once too).
  let saving: Promise<void> | undefined;
  function saveOutcomes(): Promise<void> {
    if (saving || unsaved.length === 0) return saving ?? Promise.resolve();
    saving = (async () => {
      while (unsaved.length > 0 && await insertOutcomes());
    })().finally(() => saving = undefined);
    return saving;
  }

  /** Inserts every unsaved outcome; false when the database refused them (they stay for a later try). */
  async function insertOutcomes(): Promise<boolean> {
    const batch = unsaved.splice(0);
    try {
      await sql`
        insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
        select id, status_code, content_type, headers, content, timed_out, error_msg
        from jsonb_to_recordset(${sql.json(batch)}) as t (
          id bigint, status_code int, content_type text, headers jsonb, content text, timed_out bool,
          error_msg text
        )
      `;
      reachable();
      return true;
    } catch (err) {
      unsaved.unshift(...batch);
      unreachable(err);
      return false;
    }
  }

  // pg_net's ttl: responses older than the pg_net.ttl setting (default 6 hours) are deleted.
  function cleanup(): void {
    track(
      sql`
        delete from net._http_response
        where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval
      `.then(reachable, unreachable),
    );
  }

  const poller = setInterval(() => {
    ensureListening();
    wake();
    polls += 1;
    if (polls % CLEANUP_EVERY_POLLS === 0) cleanup();
  }, POLL_MS);

  ensureListening();
  wake();
  cleanup();

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(poller);
        stopController.abort();
        while (background.size > 0) await Promise.allSettled([...background]);
        await saveOutcomes();
        if (unsaved.length > 0) log(`dropping ${unsaved.length} response(s): database unavailable`);
        await Promise.allSettled([sql.end({ timeout: 1 }), listener.end({ timeout: 1 })]);
      })();
      return stopping;
    },
  };
}

// Sends one request like pg_net's curl handle does (redirects followed, whole exchange bounded by
// timeout_milliseconds, 0 meaning no limit) and describes the result as a net._http_response row.
async function send(row: QueuedRequest, stopSignal: AbortSignal): Promise<Outcome> {
  const failure = (error_msg: string, timed_out = false): Outcome => ({
    id: row.id,
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out,
    error_msg,
  });

  const timeoutMs = row.timeout_milliseconds;
  // curl rejects a negative CURLOPT_TIMEOUT_MS with this error.
  if (timeoutMs < 0) return failure("A libcurl function was given a bad argument");

  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs > 0
    ? setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs)
    : undefined;
  const onStop = () => controller.abort();
  stopSignal.addEventListener("abort", onStop, { once: true });
  if (stopSignal.aborted) controller.abort();
  const started = performance.now();

  try {
    const headers = new Headers();
    // Same flattening as pg_net's jsonb_each_text: nulls dropped, other non-strings as JSON text.
    for (const [name, value] of Object.entries(row.headers ?? {})) {
      if (value === null) continue;
      headers.append(name, typeof value === "string" ? value : JSON.stringify(value));
    }
    if (!headers.has("user-agent")) headers.set("user-agent", USER_AGENT);

    const response = await fetch(row.url, {
      method: row.method.toUpperCase(),
      headers,
      body: row.body ? new Uint8Array(row.body) : undefined,
      redirect: "follow",
      signal: controller.signal,
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    // pg_net stores the body as a C string: it ends at the first NUL, and an empty one is null.
    const text = new TextDecoder().decode(bytes).split("\0", 1)[0];
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return {
      id: row.id,
      status_code: response.status,
      content_type: response.headers.get("content-type"),
      headers: responseHeaders,
      content: text === "" ? null : text,
      timed_out: false,
      error_msg: null,
    };
  } catch (err) {
    if (timedOut) {
      // pg_net goes on with a DNS / handshake / transfer breakdown that fetch cannot measure.
      const total = (performance.now() - started).toFixed(6);
      return failure(`Timeout of ${timeoutMs} ms reached. Total time: ${total} ms`, true);
    }
    if (stopSignal.aborted) return failure("Request abandoned: the pg_net worker stopped");
    return failure(curlMessage(err));
  } finally {
    clearTimeout(timer);
    stopSignal.removeEventListener("abort", onStop);
  }
}

// Maps fetch failures onto the curl_easy_strerror texts pg_net stores, so code matching on error_msg
// behaves as on hosted Supabase; anything else keeps Deno's own description.
function curlMessage(err: unknown): string {
  const detail = errorText(err);
  if (/connection refused|tcp connect error/i.test(detail)) return "Couldn't connect to server";
  if (/dns error|failed to lookup address/i.test(detail)) return "Couldn't resolve host name";
  if (/connection closed before message completed/i.test(detail)) {
    return "Server returned nothing (no headers, no data)";
  }
  if (/scheme '.*' not supported/i.test(detail)) return "Unsupported protocol";
  return detail;
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : "";
  return cause && cause !== err.message ? `${err.message}: ${cause}` : err.message;
}
