// Requests to addresses a user chooses (webhook endpoints, git remotes): which targets are allowed, and a sender that connects only to the addresses that were checked, so
// a name that resolves differently a moment later (DNS rebinding) cannot redirect the request.
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

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
  if (ipaddr.isValid(host)) {
    const address = publicAddress(host);
    return address ? { target: { url: u, addresses: [address] } } : { problem: PRIVATE_ADDRESS };
  }
  if (/^localhost$|\.(localhost|local|internal|lan|home\.arpa)$/i.test(host.replace(/\.+$/, ""))) {
    return { problem: "the host is not public" };
  }
  const resolve = opts.resolve ?? ((h, t) => Deno.resolveDns(h, t));
  const answers = (await Promise.all(
    (["A", "AAAA"] as const).map((type) => resolve(host, type).catch(() => [] as string[])),
  )).flat();
  if (answers.length === 0) return { problem: "the host does not resolve" };
  const addresses = answers.map(publicAddress);
  return addresses.every((a) => a !== null) ? { target: { url: u, addresses } } : { problem: PRIVATE_NAME };
}

// What is public. ipaddr.js's range() names the blocks of IANA's special-purpose registries (RFC 6890):
// private (RFC 1918), shared (RFC 6598), loopback (RFC 1122, RFC 4291), link-local (RFC 3927, RFC 4291),
// documentation (RFC 5737, RFC 3849, RFC 9637), benchmarking (RFC 2544, RFC 5180), multicast (RFC 5771,
// RFC 4291), reserved and broadcast (RFC 1112, RFC 919), unique local (RFC 4193), site-local (RFC 3879),
// Teredo (RFC 4380), ORCHID (RFC 7343), AS112 (RFC 7534, RFC 7535), AMT (RFC 7450) …; only what it calls
// "unicast" (none of them) is public. An IPv6 address must moreover lie in global unicast 2000::/3 (RFC 4291
// 2.4), which leaves out IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96 (RFC 6145) and the
// unassigned space. The IPv6 forms that deliver to an embedded IPv4 address are judged by that address:
// IPv4-mapped (RFC 4291 2.5.5.2), NAT64's well-known prefix 64:ff9b::/96 (RFC 6052; the local-use
// 64:ff9b:1::/48 of RFC 8215 is refused whole) and 6to4 2002::/16 (RFC 3056).
const PUBLIC_RANGE = "unicast";
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
/** IPv6 ranges that embed an IPv4 address, with the byte it starts at. */
const EMBEDDED_IPV4: [[ipaddr.IPv6, number], number][] = [
  [ipaddr.IPv6.parseCIDR("64:ff9b::/96"), 12],
  [ipaddr.IPv6.parseCIDR("2002::/16"), 2],
];

/**
 * The address in the one spelling connections use, when it is a unicast address on the public internet
 * (IPv4 or IPv6, in any spelling); otherwise null. IPv6 text is read as the URL standard reads a host:
 * ipaddr.js alone reads the IPv4-compatible `::a.b.c.d` as IPv4-mapped.
 */
export function publicAddress(ip: string): string | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.includes(":") ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip);
  } catch {
    return null;
  }
  return isPublic(addr) ? addr.toString() : null;
}

function isPublic(addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (addr instanceof ipaddr.IPv4) return addr.range() === PUBLIC_RANGE;
  if (addr.isIPv4MappedAddress()) return isPublic(addr.toIPv4Address());
  const embedded = EMBEDDED_IPV4.find(([range]) => addr.match(range));
  if (embedded) {
    const at = embedded[1];
    return isPublic(new ipaddr.IPv4(addr.toByteArray().slice(at, at + 4)));
  }
  return addr.range() === PUBLIC_RANGE && addr.match(GLOBAL_UNICAST);
}

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export interface PinnedOptions {
  /** Ends the request (connecting, sending, reading) when it fires: the caller's deadline. */
  signal: AbortSignal;
  /** How much of the answer's body to read; the rest is never read. */
  maxBodyBytes: number;
  /** The roots to trust instead of the runtime's (tests' own certificates). */
  caCerts?: string[];
}

/** The most an answer's status line and headers may take. */
const MAX_HEAD_BYTES = 16 * 1024;

/**
 * One request to a checked target by the runtime's HTTP client, connecting only to the target's checked
 * addresses (its `lookup` answers with those and never resolves the name again) while TLS's server name
 * and certificate check and the Host header still use the URL's host. Redirects are answers like any
 * other. `fetch` cannot do this: it always resolves the URL's host itself. Aborting `signal` closes the
 * connection and rejects with its reason.
 */
export function sendPinned(
  target: OutboundTarget,
  req: PinnedRequest,
  opts: PinnedOptions,
): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> {
  opts.signal.throwIfAborted();
  const { url } = target;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const payload = typeof req.body === "string" ? new TextEncoder().encode(req.body) : req.body;
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: req.method,
      headers: { ...req.headers, host: url.host, "content-length": String(payload.byteLength) },
      agent: false,
      lookup: onlyAt(target.addresses),
      // A name is checked against the certificate; an IP literal goes without SNI (RFC 6066) and is
      // checked against the certificate's IP addresses.
      servername: isIP(host) ? undefined : host,
      ca: opts.caCerts,
      maxHeaderSize: MAX_HEAD_BYTES,
    }, (res) => {
      const parts: Uint8Array[] = [];
      let size = 0;
      const done = () => {
        const body = new Uint8Array(size);
        parts.reduce((at, p) => (body.set(p, at), at + p.byteLength), 0);
        finish();
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: res.statusCode!, headers, body: body.subarray(0, opts.maxBodyBytes) });
      };
      res.on("data", (chunk: Uint8Array) => {
        parts.push(chunk);
        size += chunk.byteLength;
        if (size >= opts.maxBodyBytes) done();
      });
      // An answer cut short still answered: its status counts, with the body as far as it came.
      res.on("end", done);
      res.on("error", done);
    });
    const finish = () => {
      opts.signal.removeEventListener("abort", abort);
      request.destroy();
    };
    const fail = (err: Error) => {
      finish();
      reject(opts.signal.aborted ? opts.signal.reason : err);
    };
    const abort = () => fail(opts.signal.reason);
    opts.signal.addEventListener("abort", abort, { once: true });
    request.on("error", fail);
    request.end(payload);
  });
}

/** A `lookup` answering with the checked addresses only (a name, left by the local stack's setting, is
 * looked up as usual). */
function onlyAt(addresses: string[]): LookupFunction | undefined {
  if (!addresses.every((a) => isIP(a))) return undefined;
  const all = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_name, options, callback) =>
    options.all ? callback(null, all) : callback(null, all[0].address, all[0].family);
}
