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
 * Refuses a body over its limit before anything parses it: a declared Content-Length is judged before a
 * byte is read (the server reads no further than it), and a body without one is counted as it arrives and
 * abandoned at the first byte too many, so nothing larger than the limit is ever held.
 */
export function limitBodies(limitFor: (method: string, path: string) => number): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return await next();
    const maxBytes = limitFor(c.req.method, c.req.path);
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
      return await next();
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
    c.req.raw = new Request(raw, { body });
    await next();
  };
}
