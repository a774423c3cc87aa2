// GitHub signs each webhook delivery with HMAC-SHA256 of the raw body under the webhook secret and sends
// it as `X-Hub-Signature-256: sha256=<hex>`. The check is WebCrypto's verify, which compares in constant
// time, so how long a refusal takes says nothing about how much of a forged signature was right.
const HEADER = /^sha256=([0-9a-f]{64})$/i;

const encoder = new TextEncoder();

/**
 * Whether `header` signs `rawBody` (the bytes as received, before any parsing) under `secret`. A missing
 * or malformed header is simply not a valid signature.
 */
export async function verifyHubSignature(
  secret: string,
  rawBody: string | Uint8Array,
  header: string | null,
): Promise<boolean> {
  // With an empty secret anyone could sign: that is a deployment mistake, not a bad request.
  if (!secret) throw new Error("the webhook secret is empty");
  const hex = header === null ? undefined : HEADER.exec(header.trim())?.[1];
  if (!hex) return false;
  const signature = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody.slice();
  return await crypto.subtle.verify("HMAC", key, signature, body);
}
