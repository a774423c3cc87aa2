// Requests to addresses a user chooses (webhook endpoints; any later user-given remote goes through here
// too): which targets are allowed, and a sender that connects only to the addresses that were checked, so
// a name that resolves differently a moment later (DNS rebinding) cannot redirect the request.

export type Resolve = (host: string, type: "A" | "AAAA") => Promise<string[]>;

export interface OutboundOptions {
  /** Lets http and any address through (the local stack only); names are then resolved at connect time. */
  allowPrivate: boolean;
  resolve?: Resolve;
}

/** A checked target: the URL and the addresses its host was found at; the request goes to those only. */
export interface OutboundTarget {
  url: URL;
  addresses: string[];
}

const PRIVATE_ADDRESS = "the address is private, loopback or link-local";
const PRIVATE_NAME = "the host resolves to a private, loopback or link-local address";

/** The target to connect to, or why `url` may not be one. */
export async function checkOutbound(
  url: string,
  opts: OutboundOptions,
): Promise<{ target: OutboundTarget; problem?: undefined } | { target?: undefined; problem: string }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { problem: "not a URL" };
  }
  if (u.username || u.password) return { problem: "credentials in the URL are not allowed" };
  if (u.protocol !== "https:" && !(opts.allowPrivate && u.protocol === "http:")) {
    return { problem: "must be https" };
  }
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted quads and
  // compressed IPv6 literals.
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (opts.allowPrivate) return { target: { url: u, addresses: [host] } };
  if (host.includes(":") || parseIPv4(host)) {
    return isPublicAddress(host) ? { target: { url: u, addresses: [host] } } : { problem: PRIVATE_ADDRESS };
  }
  if (/^localhost$|\.(localhost|local|internal|lan|home\.arpa)$/i.test(host.replace(/\.+$/, ""))) {
    return { problem: "the host is not public" };
  }
  const resolve = opts.resolve ?? ((h, t) => Deno.resolveDns(h, t));
  const addresses = (await Promise.all(
    (["A", "AAAA"] as const).map((type) => resolve(host, type).catch(() => [] as string[])),
  )).flat();
  if (addresses.length === 0) return { problem: "the host does not resolve" };
  return addresses.every(isPublicAddress) ? { target: { url: u, addresses } } : { problem: PRIVATE_NAME };
}

/** The 4 bytes of a dotted-quad IPv4 address, or null. */
function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address in any RFC 4291 spelling (embedded dotted quad included), or null. */
export function parseIPv6(s: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(s)) return null;
  const dotted = /^(.*:)([^:]+\.[^:]+)$/.exec(s);
  if (dotted) {
    const v4 = parseIPv4(dotted[2]);
    if (!v4) return null;
    s = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = halves.map((h) =>
    h === "" ? [] : h.split(":").map((g) => /^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)
  );
  if (groups.flat().some(Number.isNaN)) return null;
  const missing = 8 - groups.flat().length;
  // `::` stands for at least one zero group; without it there must be exactly eight.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = halves.length === 2 ? [...groups[0], ...Array(missing).fill(0), ...groups[1]] : groups[0];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function cidrs(list: string[]): [number[], number][] {
  return list.map((c) => {
    const [addr, bits] = c.split("/");
    return [parseIPv4(addr) ?? parseIPv6(addr)!, Number(bits)];
  });
}

function inAny(bytes: number[], ranges: [number[], number][]): boolean {
  return ranges.some(([prefix, bits]) =>
    prefix.length === bytes.length &&
    prefix.every((p, i) => {
      const left = bits - 8 * i;
      if (left <= 0) return true;
      const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
      return (p & mask) === (bytes[i] & mask);
    })
  );
}

// IANA's special-purpose IPv4 registry: everything not routed on the public internet, plus multicast,
// reserved and broadcast.
const IPV4_NOT_PUBLIC = cidrs([
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/3",
]);

// Only global unicast (2000::/3) is public, less IANA's special-purpose blocks (Teredo, ORCHID,
// benchmarking, documentation). Everything outside it — loopback, unspecified, IPv4-compatible, site-local
// fec0::/10, unique local, link-local, multicast, local-use NAT64 64:ff9b:1::/48 — is refused.
const IPV6_GLOBAL = cidrs(["2000::/3"]);
const IPV6_NOT_PUBLIC = cidrs(["2001::/23", "2001:db8::/32", "3fff::/20"]);
// Forms that carry an IPv4 address a packet ends up at: judged by the IPv4 rules.
const IPV4_MAPPED = cidrs(["::ffff:0:0/96"]);
const NAT64 = cidrs(["64:ff9b::/96"]);
const SIX_TO_FOUR = cidrs(["2002::/16"]);

/** True for a unicast address on the public internet, IPv4 or IPv6 in any spelling. */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return !inAny(v4, IPV4_NOT_PUBLIC);
  const v6 = parseIPv6(ip);
  if (!v6) return false;
  if (inAny(v6, IPV4_MAPPED) || inAny(v6, NAT64)) return !inAny(v6.slice(12), IPV4_NOT_PUBLIC);
  if (inAny(v6, SIX_TO_FOUR)) return !inAny(v6.slice(2, 6), IPV4_NOT_PUBLIC);
  return inAny(v6, IPV6_GLOBAL) && !inAny(v6, IPV6_NOT_PUBLIC);
}

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface PinnedOptions {
  signal: AbortSignal;
  /** How much of the answer's body to read; the rest is never read. */
  maxBodyBytes: number;
  /** Extra roots to trust (tests' own certificates). */
  caCerts?: string[];
}

/**
 * One HTTP/1.1 request to a checked target, connecting only to its checked addresses (never resolving the
 * name again) while TLS's server name and certificate check and the Host header still use the URL's host.
 * Redirects are answers like any other. `fetch` cannot do this: it always resolves the URL's host itself.
 * Aborting `signal` closes the connection and rejects with its reason.
 */
export async function sendPinned(
  target: OutboundTarget,
  req: PinnedRequest,
  opts: PinnedOptions,
): Promise<{ status: number; body: Uint8Array }> {
  const conn = await connectPinned(target, opts);
  const close = () => {
    try {
      conn.close();
    } catch { /* already closed */ }
  };
  opts.signal.addEventListener("abort", close, { once: true });
  try {
    const { url } = target;
    const payload = new TextEncoder().encode(req.body);
    const head = [
      `${req.method} ${url.pathname}${url.search} HTTP/1.1`,
      `host: ${url.host}`,
      ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${payload.byteLength}`,
      "connection: close",
      "",
      "",
    ].join("\r\n");
    await writeAll(conn, concat([new TextEncoder().encode(head), payload]));
    return await readAnswer(new ConnReader(conn), opts.maxBodyBytes);
  } catch (err) {
    opts.signal.throwIfAborted();
    throw err;
  } finally {
    opts.signal.removeEventListener("abort", close);
    close();
  }
}

async function connectPinned(target: OutboundTarget, opts: PinnedOptions): Promise<Deno.Conn> {
  const { url } = target;
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  let lastError: unknown = new Error("no address to connect to");
  for (const hostname of target.addresses) {
    try {
      const tcp = await Deno.connect({ hostname, port, signal: opts.signal });
      if (url.protocol !== "https:") return tcp;
      return await Deno.startTls(tcp, {
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        caCerts: opts.caCerts,
        alpnProtocols: ["http/1.1"],
      });
    } catch (err) {
      opts.signal.throwIfAborted();
      lastError = err;
    }
  }
  throw lastError;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  for (let at = 0; at < bytes.byteLength;) at += await conn.write(bytes.subarray(at));
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const MAX_HEAD_LINE = 16 * 1024;
const MAX_HEAD_LINES = 200;

class ConnReader {
  private buf: Uint8Array = new Uint8Array(0);
  constructor(private conn: Deno.Conn) {}

  private async more(): Promise<boolean> {
    const chunk = new Uint8Array(16 * 1024);
    const n = await this.conn.read(chunk);
    if (n === null) return false;
    this.buf = concat([this.buf, chunk.subarray(0, n)]);
    return true;
  }

  /** One CRLF-terminated line without its CRLF. */
  async line(): Promise<string> {
    for (;;) {
      const end = this.buf.findIndex((b, i) => b === 0x0a && this.buf[i - 1] === 0x0d);
      if (end >= 0) {
        const text = new TextDecoder("latin1").decode(this.buf.subarray(0, end - 1));
        this.buf = this.buf.subarray(end + 1);
        return text;
      }
      if (this.buf.byteLength > MAX_HEAD_LINE) throw new Error("the answer has an over-long line");
      if (!await this.more()) throw new Error("the answer ended early");
    }
  }

  /** Up to `n` bytes: fewer only when the answer ends first. */
  async take(n: number): Promise<Uint8Array> {
    while (this.buf.byteLength < n && await this.more());
    const out = this.buf.subarray(0, Math.min(n, this.buf.byteLength));
    this.buf = this.buf.subarray(out.byteLength);
    return out;
  }
}

async function readAnswer(r: ConnReader, max: number): Promise<{ status: number; body: Uint8Array }> {
  let status: number;
  let headers: Map<string, string>;
  do { // 1xx interim answers come before the real one
    const m = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(await r.line());
    if (!m) throw new Error("the answer is not HTTP/1.1");
    status = Number(m[1]);
    headers = new Map();
    for (let line = await r.line(); line !== ""; line = await r.line()) {
      if (headers.size >= MAX_HEAD_LINES) throw new Error("the answer has too many headers");
      const colon = line.indexOf(":");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  } while (status < 200);
  if (status === 204 || status === 304) return { status, body: new Uint8Array(0) };
  if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) {
    const parts: Uint8Array[] = [];
    for (let size = 0, chunk = parseInt(await r.line(), 16); chunk > 0 && size < max;) {
      const part = await r.take(Math.min(chunk, max - size));
      parts.push(part);
      size += part.byteLength;
      if (part.byteLength < chunk) break; // enough read, or the answer ended
      await r.line();
      chunk = parseInt(await r.line(), 16);
    }
    return { status, body: concat(parts) };
  }
  const length = Number(headers.get("content-length"));
  return { status, body: await r.take(length >= 0 ? Math.min(length, max) : max) };
}
