// The check every user-chosen outbound address goes through, over a table of address forms (literals in
// every spelling, names resolved by a stand-in resolver), and the pinned sender against loopback servers:
// it reaches the checked address without resolving the name, and TLS still checks the URL's name.
import assert from "node:assert/strict";
import {
  checkOutbound,
  publicAddress,
  type Resolve,
  sendPinned,
} from "../../supabase/functions/_shared/outbound.ts";

const PRIVATE_ADDRESS = "the address is private, loopback or link-local";
const PRIVATE_NAME = "the host resolves to a private, loopback or link-local address";

const dns: Record<string, { A?: string[]; AAAA?: string[] }> = {
  "public.example": { A: ["93.184.215.14"], AAAA: ["2606:4700::1111"] },
  "mixed.example": { A: ["93.184.215.14", "10.0.0.5"] },
  "loopback.example": { A: ["127.0.0.1"] },
  "metadata.example": { A: ["169.254.169.254"] },
  "mapped.example": { AAAA: ["::ffff:127.0.0.1"] },
  "mapped-hex.example": { AAAA: ["0:0:0:0:0:FFFF:7F00:0001"] },
  "nat64.example": { AAAA: ["64:ff9b::a9fe:a9fe"] },
  "nat64-local.example": { AAAA: ["64:ff9b:1::808:808"] },
  "sixtofour.example": { AAAA: ["2002:c0a8:101::1"] },
  "compat.example": { AAAA: ["::10.0.0.1"] },
  "compat-public.example": { AAAA: ["::8.8.8.8"] },
  "nat64-dotted.example": { AAAA: ["64:ff9b::10.0.0.1"] },
  "zone.example": { AAAA: ["fe80::1%eth0"] },
  "spelled.example": { A: ["8.8.8.8"], AAAA: ["0:0:0:0:0:FFFF:0808:0808", "2606:4700:0000::1111"] },
  "sitelocal.example": { AAAA: ["fec0::1"] },
  "ula.example": { AAAA: ["fd00::1"] },
  "v6-public.example": { AAAA: ["2a00:1450:4001:80b::200e"] },
};
const lookups: string[] = [];
const resolve: Resolve = (host, type) => {
  lookups.push(host);
  const answer = dns[host]?.[type];
  return answer ? Promise.resolve(answer) : Promise.reject(new Error("NXDOMAIN"));
};

// [url, null when allowed or the reason it is refused]
const TABLE: [string, string | null][] = [
  ["https://93.184.215.14/hook", null],
  ["https://8.8.8.8/", null],
  ["https://[2606:4700::1111]/", null],
  ["https://[::ffff:8.8.8.8]/", null],
  ["https://[64:ff9b::808:808]/", null],
  ["https://[2002:808:808::1]/", null],
  ["https://[64:ff9b::8.8.8.8]/", null],
  ["https://[2002:0808:0808::]/", null],
  ["https://public.example/hook", null],
  ["https://v6-public.example/", null],
  ["https://127.0.0.1/", PRIVATE_ADDRESS],
  ["https://127.1/", PRIVATE_ADDRESS],
  ["https://0x7f000001/", PRIVATE_ADDRESS],
  ["https://2130706433/", PRIVATE_ADDRESS],
  ["https://0x7f.0.0.1/", PRIVATE_ADDRESS],
  ["https://0177.0.0.1/", PRIVATE_ADDRESS],
  ["https://0x7f.1/", PRIVATE_ADDRESS],
  ["https://017700000001/", PRIVATE_ADDRESS],
  ["https://0xA9.0xFE.0xA9.0xFE/", PRIVATE_ADDRESS],
  ["https://0.0.0.0/", PRIVATE_ADDRESS],
  ["https://10.1.2.3/", PRIVATE_ADDRESS],
  ["https://100.64.0.1/", PRIVATE_ADDRESS],
  ["https://169.254.169.254/latest", PRIVATE_ADDRESS],
  ["https://172.16.0.1/", PRIVATE_ADDRESS],
  ["https://172.31.255.255/", PRIVATE_ADDRESS],
  ["https://192.0.0.8/", PRIVATE_ADDRESS],
  ["https://192.0.2.1/", PRIVATE_ADDRESS],
  ["https://192.168.1.1/", PRIVATE_ADDRESS],
  ["https://198.18.0.1/", PRIVATE_ADDRESS],
  ["https://224.0.0.1/", PRIVATE_ADDRESS],
  ["https://255.255.255.255/", PRIVATE_ADDRESS],
  ["https://240.0.0.1/", PRIVATE_ADDRESS],
  ["https://192.175.48.1/", PRIVATE_ADDRESS],
  ["https://[::1]/", PRIVATE_ADDRESS],
  ["https://[::]/", PRIVATE_ADDRESS],
  ["https://[0:0:0:0:0:0:0:1]/", PRIVATE_ADDRESS],
  ["https://[fe80::1]/", PRIVATE_ADDRESS],
  ["https://[fc00::1]/", PRIVATE_ADDRESS],
  ["https://[fd12:3456::1]/", PRIVATE_ADDRESS],
  ["https://[fec0::1]/", PRIVATE_ADDRESS],
  ["https://[FEFF::1]/", PRIVATE_ADDRESS],
  ["https://[ff02::1]/", PRIVATE_ADDRESS],
  ["https://[::ffff:127.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[::ffff:7f00:1]/", PRIVATE_ADDRESS],
  ["https://[0:0:0:0:0:ffff:7f00:1]/", PRIVATE_ADDRESS],
  ["https://[::ffff:0:0]/", PRIVATE_ADDRESS],
  ["https://[::ffff:0.0.0.0]/", PRIVATE_ADDRESS],
  ["https://[::FFFF:192.168.0.1]/", PRIVATE_ADDRESS],
  ["https://[0000:0000:0000::FFFF:10.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[::ffff:a9fe:a9fe]/", PRIVATE_ADDRESS],
  ["https://[::ffff:0:127.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b::127.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b::a00:1]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b::10.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b::a9fe:a9fe]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b:1::808:808]/", PRIVATE_ADDRESS],
  ["https://[64:ff9b:1:7f00:1::]/", PRIVATE_ADDRESS],
  ["https://[2002:7f00:1::]/", PRIVATE_ADDRESS],
  ["https://[2002:a9fe:a9fe::1]/", PRIVATE_ADDRESS],
  ["https://[2002:c0a8:101::1]/", PRIVATE_ADDRESS],
  ["https://[2002:0a00:0001::]/", PRIVATE_ADDRESS],
  ["https://[::127.0.0.1]/", PRIVATE_ADDRESS],
  ["https://[::a00:1]/", PRIVATE_ADDRESS],
  ["https://[::8.8.8.8]/", PRIVATE_ADDRESS],
  ["https://[2001::1]/", PRIVATE_ADDRESS],
  ["https://[2001:db8::1]/", PRIVATE_ADDRESS],
  ["https://[100::1]/", PRIVATE_ADDRESS],
  ["https://[3fff::1]/", PRIVATE_ADDRESS],
  ["https://[5f00::1]/", PRIVATE_ADDRESS],
  ["https://[2620:4f:8000::1]/", PRIVATE_ADDRESS],
  ["https://[fe80::1%eth0]/", "not a URL"],
  ["https://[fe80::1%25eth0]/", "not a URL"],
  ["https://mixed.example/", PRIVATE_NAME],
  ["https://loopback.example/", PRIVATE_NAME],
  ["https://metadata.example/", PRIVATE_NAME],
  ["https://mapped.example/", PRIVATE_NAME],
  ["https://mapped-hex.example/", PRIVATE_NAME],
  ["https://nat64.example/", PRIVATE_NAME],
  ["https://nat64-local.example/", PRIVATE_NAME],
  ["https://sixtofour.example/", PRIVATE_NAME],
  ["https://compat.example/", PRIVATE_NAME],
  ["https://compat-public.example/", PRIVATE_NAME],
  ["https://nat64-dotted.example/", PRIVATE_NAME],
  ["https://zone.example/", PRIVATE_NAME],
  ["https://sitelocal.example/", PRIVATE_NAME],
  ["https://ula.example/", PRIVATE_NAME],
  ["https://nowhere.example/", "the host does not resolve"],
  ["https://localhost/", "the host is not public"],
  ["https://LOCALHOST./", "the host is not public"],
  ["https://app.localhost/", "the host is not public"],
  ["https://printer.local/", "the host is not public"],
  ["https://db.internal/", "the host is not public"],
  ["https://router.home.arpa/", "the host is not public"],
  ["http://public.example/hook", "must be https"],
  ["ftp://public.example/", "must be https"],
  ["https://user:pw@public.example/", "credentials in the URL are not allowed"],
  ["not a url", "not a URL"],
];

Deno.test("the outbound check allows public addresses only, in every spelling and behind every name", async () => {
  for (const [url, reason] of TABLE) {
    const checked = await checkOutbound(url, { allowPrivate: false, resolve });
    assert.equal(checked.problem ?? null, reason, url);
  }
});

Deno.test("an allowed name's target carries every address it resolved to, and only those", async () => {
  const checked = await checkOutbound("https://public.example:8443/hook?a=1", {
    allowPrivate: false,
    resolve,
  });
  assert.deepEqual(checked.target?.addresses.sort(), ["2606:4700::1111", "93.184.215.14"]);
  assert.equal(checked.target?.url.host, "public.example:8443");
});

Deno.test("a target's addresses are spelled as judged, so the connection goes to the address that was checked", async () => {
  const checked = await checkOutbound("https://spelled.example/", { allowPrivate: false, resolve });
  assert.deepEqual(checked.target?.addresses, ["8.8.8.8", "::ffff:808:808", "2606:4700::1111"]);
  const literal = await checkOutbound("https://[0:0:0:0:0:FFFF:8.8.8.8]/", { allowPrivate: false, resolve });
  assert.deepEqual(literal.target?.addresses, ["::ffff:808:808"]);
});

Deno.test("the local stack's setting lets http and private addresses through without a lookup", async () => {
  lookups.length = 0;
  const checked = await checkOutbound("http://127.0.0.1:8080/hook", { allowPrivate: true, resolve });
  assert.deepEqual(checked.target?.addresses, ["127.0.0.1"]);
  assert.equal(
    (await checkOutbound("ftp://127.0.0.1/", { allowPrivate: true, resolve })).problem,
    "must be https",
  );
  assert.deepEqual(lookups, []);
});

Deno.test("every spelling of an address is judged as the one address it is, and malformed ones are refused", () => {
  for (const same of ["::ffff:8.8.8.8", "::FFFF:808:808", "0:0:0:0:0:ffff:0808:0808", "0000::ffff:8.8.8.8"]) {
    assert.equal(publicAddress(same), "::ffff:808:808", same);
  }
  for (const loopback of ["::ffff:127.0.0.1", "::FFFF:7f00:1", "0:0:0:0:0:ffff:7f00:0001", "::127.0.0.1"]) {
    assert.equal(publicAddress(loopback), null, loopback);
  }
  // IPv4-compatible (::a.b.c.d, RFC 4291) is not IPv4-mapped: it lies outside global unicast.
  assert.equal(publicAddress("::8.8.8.8"), null);
  for (
    const bad of [
      "1::2::3",
      "12345::",
      "::ffff:1.2.3.256",
      "1:2:3:4:5:6:7:8:9",
      ":1::",
      "fe80::1%eth0",
      "2606:4700::1111%eth0",
      "1:2:3",
      "8.8.8.8.8",
      "256.1.1.1",
      "",
      "example.com",
    ]
  ) {
    assert.equal(publicAddress(bad), null, bad);
  }
});

const fixture = (name: string) => Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const ca = fixture("outbound-ca.pem");

/** A TLS server on loopback with a certificate for hooks.example.test, a name no resolver knows. */
function tlsServer(handler: (req: Request) => Response | Promise<Response>) {
  return Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: fixture("outbound-leaf.pem"),
    key: fixture("outbound-leaf-key.pem"),
    onListen() {},
  }, handler);
}

const post = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });

Deno.test("the pinned sender reaches the checked address under the URL's name, with TLS checked against it", async () => {
  const seen: { host: string | null; url: string; body: string }[] = [];
  const server = tlsServer(async (req) => {
    seen.push({ host: req.headers.get("host"), url: req.url, body: await req.text() });
    return new Response("x".repeat(2000), { status: 202 });
  });
  try {
    const port = server.addr.port;
    // hooks.example.test does not resolve anywhere: only the pinned address can reach the server.
    const target = { url: new URL(`https://hooks.example.test:${port}/hook?x=1`), addresses: ["127.0.0.1"] };
    const res = await sendPinned(target, post('{"a":1}'), {
      signal: AbortSignal.timeout(20_000),
      maxBodyBytes: 500,
      caCerts: [ca],
    });
    assert.equal(res.status, 202);
    assert.equal(new TextDecoder().decode(res.body), "x".repeat(500));
    assert.deepEqual(seen, [{
      host: `hooks.example.test:${port}`,
      url: `https://hooks.example.test:${port}/hook?x=1`,
      body: '{"a":1}',
    }]);

    const otherName = { url: new URL(`https://other.example.test:${port}/`), addresses: ["127.0.0.1"] };
    await assert.rejects(
      sendPinned(otherName, post("{}"), {
        signal: AbortSignal.timeout(20_000),
        maxBodyBytes: 500,
        caCerts: [ca],
      }),
      { code: "ERR_TLS_CERT_ALTNAME_INVALID" },
    );
    const untrusted = sendPinned(target, post("{}"), {
      signal: AbortSignal.timeout(20_000),
      maxBodyBytes: 500,
    });
    await assert.rejects(untrusted, { code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
    assert.equal(seen.length, 1);
  } finally {
    await server.shutdown();
  }
});

/** A plain TCP server on loopback that answers every connection with `answer` (or never, when null). */
function rawServer(answer: string | null) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns: Deno.Conn[] = [];
  (async () => {
    for await (const conn of listener) {
      conns.push(conn);
      await conn.read(new Uint8Array(64 * 1024));
      if (answer !== null) {
        await conn.write(new TextEncoder().encode(answer));
        conn.close();
      }
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/hook`,
    close() {
      listener.close();
      for (const c of conns) {
        try {
          c.close();
        } catch { /* closed by the answer */ }
      }
    },
  };
}

Deno.test("the pinned sender skips interim answers, decodes a chunked body and stops at the limit", async () => {
  const server = rawServer(
    "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
      "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
  );
  try {
    const { target } = await checkOutbound(server.url, { allowPrivate: true });
    const opts = { signal: AbortSignal.timeout(20_000), maxBodyBytes: 8 };
    const res = await sendPinned(target!, post("{}"), opts);
    assert.equal(res.status, 200);
    assert.equal(new TextDecoder().decode(res.body), "hello wo");
  } finally {
    server.close();
  }
});

Deno.test("an answer cut short keeps its status and the body as far as it came", async () => {
  const server = rawServer("HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nabc");
  try {
    const res = await sendPinned(
      (await checkOutbound(server.url, { allowPrivate: true })).target!,
      post("{}"),
      {
        signal: AbortSignal.timeout(20_000),
        maxBodyBytes: 500,
      },
    );
    assert.equal(res.status, 200);
    assert.equal(new TextDecoder().decode(res.body), "abc");
  } finally {
    server.close();
  }
});

Deno.test("the pinned sender refuses an answer whose head is over the HTTP client's limit", async () => {
  const server = rawServer(`HTTP/1.1 200 OK\r\nx-filler: ${"a".repeat(17 * 1024)}\r\n\r\nok`);
  try {
    await assert.rejects(
      sendPinned((await checkOutbound(server.url, { allowPrivate: true })).target!, post("{}"), {
        signal: AbortSignal.timeout(20_000),
        maxBodyBytes: 500,
      }),
      { code: "HPE_HEADER_OVERFLOW" },
    );
  } finally {
    server.close();
  }
});

Deno.test("the pinned sender gives up when its signal fires and refuses an answer that is not HTTP", async () => {
  const silent = rawServer(null);
  const garbage = rawServer("SSH-2.0-OpenSSH_9.2\r\n");
  try {
    const signal = AbortSignal.timeout(300);
    const waiting = sendPinned(
      (await checkOutbound(silent.url, { allowPrivate: true })).target!,
      post("{}"),
      {
        signal,
        maxBodyBytes: 500,
      },
    );
    await assert.rejects(waiting, (err: Error) => err.name === "TimeoutError");
    await assert.rejects(
      sendPinned((await checkOutbound(garbage.url, { allowPrivate: true })).target!, post("{}"), {
        signal: AbortSignal.timeout(20_000),
        maxBodyBytes: 500,
      }),
      { code: "HPE_INVALID_CONSTANT" },
    );
  } finally {
    silent.close();
    garbage.close();
  }
});

Deno.test("the pinned sender tries the checked addresses in order and uses the first that answers", async () => {
  const server = rawServer("HTTP/1.1 204 No Content\r\n\r\n");
  try {
    // A name no resolver knows, found at two addresses: nothing listens on 127.0.0.2 (loopback too), so
    // the connection is refused there and answered at the next address.
    const url = new URL(server.url);
    url.hostname = "hooks.example.test";
    const target = { url, addresses: ["127.0.0.2", "127.0.0.1"] };
    const res = await sendPinned(target, post("{}"), {
      signal: AbortSignal.timeout(20_000),
      maxBodyBytes: 500,
    });
    assert.equal(res.status, 204);
    await assert.rejects(
      sendPinned({ url, addresses: ["127.0.0.2"] }, post("{}"), {
        signal: AbortSignal.timeout(20_000),
        maxBodyBytes: 500,
      }),
      { code: "ECONNREFUSED" },
    );
  } finally {
    server.close();
  }
});
