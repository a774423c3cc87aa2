// Request bodies are refused over a byte limit while they are read, before anything parses them, so no
// route buffers more than its limit whatever a client sends.
import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";

/** What a request body may weigh unless its route declares more (JSON requests are small). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, "payload_too_large", `The request body is over ${maxBytes} bytes.`, {
    max_bytes: maxBytes,
  });
}

/**
 * The request with its body held to `maxBytes`, refused (413) before anything parses it: a declared
 * Content-Length is judged before a byte is read (the server reads no further than it), and a body without
 * one is counted as it arrives and abandoned at the first byte too many, so nothing larger than the limit
 * is ever held.
 */
export async function limitBody(raw: Request, maxBytes: number): Promise<Request> {
  if (!raw.body) return raw;
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    return raw;
  }
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      // Broken framing or a client gone mid-body: nothing usable arrived.
      throw new ApiError(400, "invalid_request", "The request body could not be read.");
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(raw, { body });
}

/** Holds every request's body to the limit its method and path are given. */
export function limitBodies(limitFor: (method: string, path: string) => number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.raw.body) c.req.raw = await limitBody(c.req.raw, limitFor(c.req.method, c.req.path));
    await next();
  };
}
