// Hosted Supabase adapters: Storage for blobs and the Auth admin API for accounts. Both act with the
// service key, so they bypass row-level security and must only ever be driven by server-side decisions.
import { createClient, isAuthApiError, StorageApiError, type SupabaseClient } from "@supabase/supabase-js";
import { assertObjectPath, type BlobStore, type Bucket } from "../ports/storage.ts";
import type { AuthAdmin } from "../ports/auth-admin.ts";
import { UpstreamError } from "../ports/upstream.ts";

export interface SupabaseUpstream {
  url: string;
  serviceKey: string;
  timeoutMs: number;
}

// Storage's list answers 100 entries unless told otherwise, and its delete takes at most 1000 paths a call.
const LIST_PAGE = 100;
const REMOVE_BATCH = 1000;
const NO_ANSWER = "no answer before the deadline";
const QUOTED_MESSAGE_MAX = 200;

function fetchWithin(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      const res = await fetch(input, { ...init, signal });
      // supabase-js leaves some bodies unread (the admin user DELETE), which would hold the connection;
      // reading here also keeps the deadline over the whole exchange rather than just the headers.
      const body = res.body === null ? null : await res.arrayBuffer();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (err) {
      // supabase-js keeps only the message of a failed fetch, so the timeout has to be told by it.
      if (deadline.aborted) throw new Error(NO_ANSWER);
      throw err;
    }
  };
}

function clientFor(upstream: SupabaseUpstream): SupabaseClient {
  return createClient(upstream.url, upstream.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: fetchWithin(upstream.timeoutMs) },
  });
}

/**
 * The client-facing account of a failed call: the upstream's own words when it answered (without the key,
 * should it echo request headers), never the fetch error, whose text carries internal URLs.
 */
function failure(code: string, what: string, err: unknown, upstream: SupabaseUpstream): UpstreamError {
  const status = (err as { status?: unknown } | null)?.status;
  let reason: string;
  if (typeof status === "number" && status > 0) {
    const said = err instanceof Error ? err.message.replaceAll(upstream.serviceKey, "[redacted]") : "";
    reason = `answered HTTP ${status}${said ? `: ${said.slice(0, QUOTED_MESSAGE_MAX)}` : ""}`;
  } else if (err instanceof Error && err.message === NO_ANSWER) {
    reason = `did not answer within ${upstream.timeoutMs} ms`;
  } else {
    reason = "could not be reached";
  }
  return new UpstreamError(code, `${what}: the service ${reason}.`);
}

/**
 * Storage reports a missing object as HTTP 400 carrying `statusCode: "404"` and code `NoSuchKey`
 * (older servers: no code, message "Object not found"); a missing bucket is a misconfiguration, not this.
 */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof StorageApiError)) return false;
  if (error.code) return error.code === "NoSuchKey";
  return (error.status === 404 || error.statusCode === "404") && /object not found/i.test(error.message);
}

/** GoTrue answers a missing account with 404 `user_not_found` (servers before error codes: "User not found"). */
function isMissingUser(error: unknown): boolean {
  if (!isAuthApiError(error) || error.status !== 404) return false;
  return error.code ? error.code === "user_not_found" : /user not found/i.test(error.message);
}

interface Outcome<T> {
  data: T | null;
  error: unknown;
}

export class SupabaseBlobStore implements BlobStore {
  private readonly client: SupabaseClient;

  constructor(private readonly upstream: SupabaseUpstream) {
    this.client = clientFor(upstream);
  }

  private files(bucket: Bucket) {
    return this.client.storage.from(bucket);
  }

  private async call<T>(
    what: string,
    op: () => PromiseLike<Outcome<T>>,
    missingIsNull = false,
  ): Promise<T | null> {
    let outcome: Outcome<T>;
    try {
      outcome = await op();
    } catch (err) {
      throw failure("storage_failed", what, err, this.upstream);
    }
    if (outcome.error) {
      if (missingIsNull && isMissingObject(outcome.error)) return null;
      throw failure("storage_failed", what, outcome.error, this.upstream);
    }
    return outcome.data;
  }

  async put(bucket: Bucket, path: string, bytes: Uint8Array, contentType: string) {
    assertObjectPath(path);
    await this.call(
      `Storing ${bucket} object failed`,
      () => this.files(bucket).upload(path, bytes, { contentType, upsert: true }),
    );
  }

  async get(bucket: Bucket, path: string) {
    assertObjectPath(path);
    const blob = await this.call(
      `Reading ${bucket} object failed`,
      () => this.files(bucket).download(path),
      true,
    );
    return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
  }

  async remove(bucket: Bucket, paths: string[]) {
    if (paths.length === 0) return;
    paths.forEach(assertObjectPath);
    await this.call(`Removing ${bucket} objects failed`, () => this.files(bucket).remove(paths));
  }

  async removeFolder(bucket: Bucket, prefix: string) {
    assertObjectPath(prefix);
    // Everything is listed before anything goes, so deletions cannot shift the pages still to be read.
    const paths = await this.listAll(bucket, prefix.replace(/\/+$/, ""));
    for (let i = 0; i < paths.length; i += REMOVE_BATCH) {
      await this.remove(bucket, paths.slice(i, i + REMOVE_BATCH));
    }
  }

  /** Storage lists one folder level at a time, subfolders as entries without an id. */
  private async listAll(bucket: Bucket, folder: string): Promise<string[]> {
    const paths: string[] = [];
    for (let offset = 0;; offset += LIST_PAGE) {
      const page = await this.call(
        `Listing ${bucket} objects failed`,
        () => this.files(bucket).list(folder, { limit: LIST_PAGE, offset }),
      ) ?? [];
      for (const entry of page) {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.id === null) paths.push(...await this.listAll(bucket, path));
        else paths.push(path);
      }
      if (page.length < LIST_PAGE) return paths;
    }
  }

  publicUrl(bucket: Bucket, path: string) {
    return this.files(bucket).getPublicUrl(path).data.publicUrl;
  }

  pathOfPublicUrl(bucket: Bucket, url: string) {
    // The prefix comes from supabase-js itself, so it matches publicUrl however the gateway URL was written.
    const prefix = this.publicUrl(bucket, "");
    if (!url.startsWith(prefix) || url.length === prefix.length) return null;
    try {
      return decodeURI(url.slice(prefix.length));
    } catch {
      return null;
    }
  }
}

export class SupabaseAuthAdmin implements AuthAdmin {
  private readonly client: SupabaseClient;

  constructor(private readonly upstream: SupabaseUpstream) {
    this.client = clientFor(upstream);
  }

  async deleteUser(userId: string) {
    let error: unknown;
    try {
      ({ error } = await this.client.auth.admin.deleteUser(userId));
    } catch (err) {
      throw failure("account_delete_failed", "Deleting the account failed", err, this.upstream);
    }
    // A retried deletion finds the account already gone, which is what was asked for.
    if (error && !isMissingUser(error)) {
      throw failure("account_delete_failed", "Deleting the account failed", error, this.upstream);
    }
  }
}
