// JSON over HTTP for the adapters of third-party APIs (GitHub, the Supabase Management API). One deadline
// covers the whole exchange; silence, unreachable hosts and 5xx answers become UpstreamError (502); what an
// upstream says is quoted only after every credential of the call has been blanked out, since some services
// and proxies echo what they were sent.
import type { z } from "zod";
import { UpstreamError } from "../ports/upstream.ts";

const QUOTED_MAX = 200;
const REDACTED = "[redacted]";

export interface JsonHttpOptions {
  /** The error code of every failure, e.g. `repohost_failed`. */
  code: string;
  /** The upstream as named in messages. */
  service: string;
  timeoutMs: number;
  /** Credentials that are never quoted back, whatever the call: client secrets and the like. */
  secrets: string[];
}

export interface JsonRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer`, and never quoted back. */
  bearer?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent form-encoded. */
  form?: Record<string, string>;
  /** Further credentials of this call that must never be quoted back (codes, refresh tokens). */
  secrets?: string[];
}

export interface JsonAnswer {
  status: number;
  /** The parsed body; undefined when it was empty or not JSON. */
  body: unknown;
  /** What the upstream said (its message or error text), credentials blanked out, bounded in length. */
  said: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Services put their words in different fields; the first string found is the one worth quoting. */
function saidIn(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  const fields = body as Record<string, unknown>;
  for (const name of ["message", "error_description", "error", "msg"]) {
    if (typeof fields[name] === "string") return fields[name];
  }
  return "";
}

export class JsonHttp {
  constructor(private readonly options: JsonHttpOptions) {}

  /**
   * Answers below 500 come back whatever their status, since what a 4xx means is the caller's to say.
   * `what` starts every error message ("Creating the repository failed").
   */
  async send(what: string, url: string, request: JsonRequest = {}): Promise<JsonAnswer> {
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    let body: string | undefined;
    if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
    if (request.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(request.form).toString();
    }
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await fetch(url, { method: request.method ?? "GET", headers, body, signal: deadline });
      status = res.status;
      // Read within the same deadline: a server that sends headers and then stalls is no better.
      text = await res.text();
    } catch {
      // The fetch error's text names internal addresses; only the kind of failure is told.
      const reason = deadline.aborted
        ? `did not answer within ${this.options.timeoutMs} ms`
        : "could not be reached";
      throw new UpstreamError(this.options.code, `${what}: ${this.options.service} ${reason}.`);
    }
    const parsed = parseJson(text);
    const answer = { status, body: parsed, said: this.redact(saidIn(parsed), request) };
    if (status >= 500) throw this.failure(what, answer);
    return answer;
  }

  /** The body of a 2xx answer, checked against `schema`; any other answer is a failure. */
  read<T>(what: string, answer: JsonAnswer, schema: z.ZodType<T>): T {
    if (answer.status < 200 || answer.status > 299) throw this.failure(what, answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new UpstreamError(this.options.code, `${what}: ${this.options.service} answered unexpectedly.`);
    }
    return parsed.data;
  }

  /** An answer the caller has no better meaning for: 502 with the status and the upstream's own words. */
  failure(what: string, answer: JsonAnswer): UpstreamError {
    const said = answer.said ? `: ${answer.said}` : "";
    return new UpstreamError(
      this.options.code,
      `${what}: ${this.options.service} answered HTTP ${answer.status}${said}.`,
    );
  }

  private redact(text: string, request: JsonRequest): string {
    const secrets = [...this.options.secrets, request.bearer ?? "", ...(request.secrets ?? [])];
    // Longest first, so a credential that contains another is blanked out whole.
    const ordered = secrets.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
    let out = text;
    for (const secret of ordered) out = out.replaceAll(secret, REDACTED);
    return out.slice(0, QUOTED_MAX);
  }
}
