// The local authorization server and the gateway in front of it, over HTTP as a browser or an attacker
// speaks to them: the failed-attempt budgets per account and per client address (across interactions and
// resent codes, and under concurrent guesses), errors of clients with web redirect URIs shown rather than
// redirected, the body limit, and discovery built from the issuer whatever the Host header says.
// Requests that spend a budget come from loopback addresses of their own (127.0.0.2, …), so no other test's
// sign-in from 127.0.0.1 is held back.
import assert from "node:assert/strict";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { db, GATEWAY, ISSUER, NO_STACK, ROOT_URL } from "./helpers.ts";
import { ensureUser, setPassword } from "../scripts/local/users.ts";
import {
  ACCOUNT_FAILURES,
  ADDRESS_FAILURES,
  CODES_ASKED,
  CODES_SENT,
  WINDOW_SECONDS,
} from "../scripts/local/sign-in-limits.ts";

const t = (name: string, fn: () => Promise<void>) => Deno.test({ name, ignore: NO_STACK, fn });
const PASSWORD = "correct horse battery staple";
const MCP_URL = `${ROOT_URL}/mcp`;
const LOOPBACK_REDIRECT = "http://127.0.0.1:7777/callback";

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** One HTTP request from a chosen local address, with any Host header: what fetch cannot choose. */
function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: opts.method ?? "GET",
      headers: opts.headers,
      localAddress: opts.from ?? "127.0.0.1",
    }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => text += chunk);
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of [value ?? []].flat()) headers.append(name, v);
        }
        resolve({ status: res.statusCode!, headers, text });
      });
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

async function registerClient(redirectUri: string): Promise<string> {
  const res = await fetch(`${ISSUER}/oauth/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Throttle Test",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.client_id;
}

function authorizeUrl(clientId: string, redirectUri: string, pkce = true): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "email",
    state: "s",
    resource: MCP_URL,
  });
  if (pkce) {
    params.set("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM");
    params.set("code_challenge_method", "S256");
  }
  return `${ISSUER}/oauth/authorize?${params}`;
}

/** A sign-in page of its own (an interaction and its cookies) whose form posts come from `from`. */
async function signInPage(clientId: string, from: string) {
  const started = await send(authorizeUrl(clientId, LOOPBACK_REDIRECT), { from });
  assert.equal(started.status, 303, started.text);
  const location = started.headers.get("location")!;
  assert.match(location, /^\/auth\/v1\/interaction\/[A-Za-z0-9_-]+$/);
  const cookie = started.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return (form: Record<string, string>) =>
    send(`${GATEWAY}${location}/login`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      from,
    });
}

async function userWithPassword(label: string) {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await ensureUser(db(), email);
  await setPassword(db(), user.id, PASSWORD);
  return email;
}

/** The code last e-mailed to `email`, from the stack's mail log. */
async function mailedCode(email: string): Promise<string> {
  const mailLog = join(dirname(Deno.env.get("TEST_LOCAL_KEY")!), "mail.log");
  const line = (await Deno.readTextFile(mailLog)).split("\n").findLast((l) => l.includes(`to=${email} `));
  const code = /code=(\d{6})/.exec(line ?? "")?.[1];
  assert.ok(code, `a code was mailed to ${email}`);
  return code;
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

function assertRefused(answer: Answer, what: string) {
  assert.equal(answer.status, 200, what);
  assert.doesNotMatch(answer.text, /Too many failed/, what);
}

function assertThrottled(answer: Answer, what: string, too = "failed sign-in attempts") {
  assert.equal(answer.status, 429, what);
  const notice = new RegExp(`role="alert">Too many ${too}\\. Wait \\d+ minutes? before trying again`);
  assert.match(answer.text, notice, what);
  const wait = Number(answer.headers.get("retry-after"));
  assert.ok(wait > 0 && wait <= WINDOW_SECONDS, `Retry-After ${wait}`);
}

t(
  "an account's failed attempts are counted across interactions and resent codes; past the budget even the right credentials wait",
  async () => {
    const from = "127.0.0.3";
    const clientId = await registerClient(LOOPBACK_REDIRECT);
    const email = await userWithPassword("budget");
    const a = await signInPage(clientId, from);
    const b = await signInPage(clientId, from);

    // One code per address: the one sent from another sign-in page replaces it.
    await a({ method: "send_code", email });
    const first = await mailedCode(email);
    await b({ method: "send_code", email });
    let failures = 0;
    assertRefused(await b({ method: "code", email, code: first }), "a replaced code");
    failures++;
    for (; failures < ACCOUNT_FAILURES / 2; failures++) {
      assertRefused(
        await a({ method: "password", email, password: `guess ${failures}` }),
        "a wrong password",
      );
    }
    // A resent code brings no fresh guesses.
    await a({ method: "send_code", email });
    const resent = await mailedCode(email);
    for (; failures < ACCOUNT_FAILURES; failures++) {
      assertRefused(await a({ method: "code", email, code: wrongCode(resent) }), "a wrong code");
    }
    assertThrottled(await b({ method: "code", email, code: resent }), "the right code, past the budget");
    assertThrottled(await a({ method: "password", email, password: PASSWORD }), "the right password too");

    // Another account from the same address is not held back.
    const other = await userWithPassword("budget-other");
    const signedIn = await (await signInPage(clientId, from))({
      method: "password",
      email: other,
      password: PASSWORD,
    });
    assert.equal(signedIn.status, 303, signedIn.text);
  },
);

t(
  "an e-mail address is sent a bounded number of codes in a window; a refused send leaves the last code working",
  async () => {
    const clientId = await registerClient(LOOPBACK_REDIRECT);
    const email = `codes.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const page = await signInPage(clientId, "127.0.0.5");
    for (let sent = 0; sent < CODES_SENT; sent++) {
      const answer = await page({ method: "send_code", email });
      assert.equal(answer.status, 200);
      assert.match(answer.text, /A code was sent/);
    }
    const last = await mailedCode(email);
    const mails = (await Deno.readTextFile(join(dirname(Deno.env.get("TEST_LOCAL_KEY")!), "mail.log")))
      .split("\n").filter((l) => l.includes(`to=${email} `)).length;
    assert.equal(mails, CODES_SENT);
    assertThrottled(
      await page({ method: "send_code", email }),
      "one code too many",
      "codes asked for",
    );
    assert.equal(await mailedCode(email), last, "no mail for the refused send");
    const signedIn = await page({ method: "code", email, code: last });
    assert.equal(signedIn.status, 303, signedIn.text);
  },
);

t(
  "a client address asks for a bounded number of codes in a window, whatever the e-mail addresses",
  async () => {
    const clientId = await registerClient(LOOPBACK_REDIRECT);
    const page = await signInPage(clientId, "127.0.0.6");
    let email = "";
    for (let asked = 0; asked < CODES_ASKED; asked++) {
      if (asked % CODES_SENT === 0) email = `asker.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const answer = await page({ method: "send_code", email });
      assert.equal(answer.status, 200, `code ${asked}`);
    }
    const fresh = `asker-fresh.${crypto.randomUUID().slice(0, 8)}@example.com`;
    assertThrottled(await page({ method: "send_code", email: fresh }), "a fresh address", "codes asked for");
    const elsewhere = await (await signInPage(clientId, "127.0.0.1"))({ method: "send_code", email: fresh });
    assert.equal(elsewhere.status, 200, "another client address may ask for it");
  },
);

t("concurrent guesses at one account cannot overrun its budget", async () => {
  const clientId = await registerClient(LOOPBACK_REDIRECT);
  const email = await userWithPassword("burst");
  const page = await signInPage(clientId, "127.0.0.4");
  const answers = await Promise.all(
    Array.from(
      { length: 2 * ACCOUNT_FAILURES },
      (_, i) => page({ method: "password", email, password: `g${i}` }),
    ),
  );
  const statuses = answers.map((a) => a.status);
  assert.equal(statuses.filter((s) => s === 200).length, ACCOUNT_FAILURES, statuses.join());
  assert.equal(statuses.filter((s) => s === 429).length, ACCOUNT_FAILURES, statuses.join());
});

t(
  "a client address's failed attempts are counted across accounts; past its budget it waits, other addresses do not",
  async () => {
    const from = "127.0.0.2";
    const clientId = await registerClient(LOOPBACK_REDIRECT);
    const page = await signInPage(clientId, from);
    // Spread over accounts so that no account's own budget runs out first.
    let email = "";
    for (let failures = 0; failures < ADDRESS_FAILURES; failures++) {
      if (failures % (ACCOUNT_FAILURES - 1) === 0) email = await userWithPassword("spray");
      assertRefused(
        await page({ method: "password", email, password: `guess ${failures}` }),
        `attempt ${failures}`,
      );
    }
    const fresh = await userWithPassword("spray-fresh");
    assertThrottled(await page({ method: "password", email: fresh, password: PASSWORD }), "a fresh account");
    const elsewhere = await (await signInPage(clientId, "127.0.0.1"))({
      method: "password",
      email: fresh,
      password: PASSWORD,
    });
    assert.equal(elsewhere.status, 303, "the same account from another address signs in");
  },
);

t(
  "an invalid authorization request of a client with a web redirect URI is shown, not redirected",
  async () => {
    const attacker = "https://attacker.example/landing";
    const clientId = await registerClient(attacker);
    const noPkce = await fetch(authorizeUrl(clientId, attacker, false), { redirect: "manual" });
    const page = await noPkce.text();
    assert.equal(noPkce.status, 400);
    assert.equal(noPkce.headers.get("location"), null);
    assert.match(noPkce.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(page, /invalid_request/);
    assert.doesNotMatch(page, /attacker\.example/);

    // A valid request of the same client goes on to the sign-in page, as before.
    const valid = await fetch(authorizeUrl(clientId, attacker), { redirect: "manual" });
    await valid.body?.cancel();
    assert.equal(valid.status, 303);
    assert.match(valid.headers.get("location") ?? "", /^\/auth\/v1\/interaction\//);

    // A native client's loopback redirect URI is told of its error, as OAuth has it.
    const native = await registerClient(LOOPBACK_REDIRECT);
    const told = await fetch(authorizeUrl(native, LOOPBACK_REDIRECT, false), { redirect: "manual" });
    await told.body?.cancel();
    assert.equal(told.status, 303);
    const back = new URL(told.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, LOOPBACK_REDIRECT);
    assert.equal(back.searchParams.get("error"), "invalid_request");
  },
);

t("the gateway refuses authorization-server bodies over its limit (413), declared or streamed", async () => {
  const declared = await fetch(`${ISSUER}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new Uint8Array(1024 * 1024).fill(97),
  });
  const body = await declared.json();
  assert.equal(declared.status, 413);
  assert.equal(body.code, "payload_too_large");
  assert.equal(body.details.max_bytes, 64 * 1024);

  const chunk = new Uint8Array(64 * 1024).fill(97);
  let sent = 0;
  const streamed = await fetch(`${ROOT_URL}/auth/v1/oauth/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: new ReadableStream({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  });
  assert.equal(streamed.status, 413);
  assert.equal((await streamed.json()).code, "payload_too_large");
});

t("discovery names the issuer's addresses whatever the Host header says", async () => {
  for (
    const path of [
      "/.well-known/oauth-authorization-server/auth/v1",
      "/auth/v1/.well-known/openid-configuration",
    ]
  ) {
    const res = await send(`${GATEWAY}${path}`, { headers: { host: "attacker.example" } });
    assert.equal(res.status, 200, res.text);
    const metadata = JSON.parse(res.text) as Record<string, unknown>;
    assert.equal(metadata.issuer, ISSUER);
    assert.equal(metadata.authorization_endpoint, `${ISSUER}/oauth/authorize`);
    assert.equal(metadata.token_endpoint, `${ISSUER}/oauth/token`);
    assert.equal(metadata.registration_endpoint, `${ISSUER}/oauth/clients/register`);
    const addresses = Object.entries(metadata)
      .filter(([name, v]) => name !== "issuer" && typeof v === "string" && /^https?:/.test(v))
      .map(([, v]) => v);
    assert.ok(addresses.length >= 5);
    for (const address of addresses) assert.ok(String(address).startsWith(`${ISSUER}/`), String(address));
  }
});
