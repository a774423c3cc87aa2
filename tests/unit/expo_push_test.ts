// The Expo push sender against a loopback stand-in of Expo's send endpoint, the log-only sender, the token
// check and the retry schedule.
import assert from "node:assert/strict";
import { ExpoPushSender, LogPushSender } from "../../supabase/functions/_shared/adapters/expo-push.ts";
import { isExpoPushToken, type PushMessage } from "../../supabase/functions/_shared/ports/push.ts";
import { MAX_PUSH_ATTEMPTS, nextAttemptDelaySeconds } from "../../supabase/functions/_shared/push-retry.ts";
import {
  allOk,
  ExpoStandIn,
  notRegisteredTicket,
  type Received,
  type Reply,
  requestError,
  SEND_PATH,
  ticketId,
  withStandIn,
} from "../expo_stand_in.ts";

const ACCESS_TOKEN = `expo_${crypto.randomUUID().replaceAll("-", "")}`;

function tokenFor(i: number): string {
  return `ExponentPushToken[${`dev${i}`.padEnd(22, "x")}]`;
}

function messagesFor(count: number): PushMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    to: tokenFor(i),
    title: `App ${i} is ready`,
    body: "Open it to have a look.",
    data: { jobId: `job-${i}` },
  }));
}

/** Expo compresses its answers when asked to; the sender must read them all the same. */
function gzipped(payload: unknown): Response {
  const body = new Blob([JSON.stringify(payload)]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(body, { headers: { "content-type": "application/json", "content-encoding": "gzip" } });
}

/** What every request must look like, whatever the scenario. */
function assertWellFormed(request: Received, accessToken?: string) {
  assert.equal(request.method, "POST");
  assert.equal(request.path, SEND_PATH);
  assert.equal(request.headers.get("accept"), "application/json");
  assert.match(request.headers.get("accept-encoding") ?? "", /gzip/);
  assert.match(request.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(request.headers.get("authorization"), accessToken ? `Bearer ${accessToken}` : null);
  assert.ok(Array.isArray(request.messages));
  assert.ok(request.messages.length >= 1 && request.messages.length <= 100);
  for (const m of request.messages) assert.ok(isExpoPushToken(String(m.to)));
}

Deno.test("all accepted: one request, Expo's fields, a sent outcome per message in order", async () => {
  await withStandIn(
    (messages) => gzipped({ data: messages.map((m) => ({ status: "ok", id: ticketId(m) })) }),
    async (expo) => {
      const input = messagesFor(3);
      const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(input);

      assert.deepEqual(outcomes, input.map((m) => ({ status: "sent", ticketId: `ticket:${m.to}` })));
      assert.equal(expo.received.length, 1);
      assertWellFormed(expo.received[0]);
      assert.deepEqual(expo.received[0].messages[1], {
        to: input[1].to,
        title: input[1].title,
        body: input[1].body,
        data: { jobId: "job-1" },
        sound: "default",
        priority: "high",
      });
    },
  );
});

Deno.test("an access token travels as a Bearer token; a trailing slash on the base URL is harmless", async () => {
  await withStandIn(allOk, async (expo) => {
    const sender = new ExpoPushSender({
      baseUrl: `${expo.url}/`,
      accessToken: ACCESS_TOKEN,
      timeoutMs: 5_000,
    });
    const outcomes = await sender.send(messagesFor(1));

    assert.equal(outcomes[0].status, "sent");
    assertWellFormed(expo.received[0], ACCESS_TOKEN);
  });
});

Deno.test("nothing to send makes no request", async () => {
  await withStandIn(allOk, async (expo) => {
    assert.deepEqual(await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send([]), []);
    assert.equal(expo.received.length, 0);
  });
});

Deno.test("a DeviceNotRegistered ticket among ok ones keeps its place", async () => {
  const reply: Reply = (messages) =>
    Response.json({
      data: messages.map((m, i) => i === 1 ? notRegisteredTicket(m) : { status: "ok", id: ticketId(m) }),
    });
  await withStandIn(reply, async (expo) => {
    const input = messagesFor(3);
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(input);

    assert.deepEqual(outcomes, [
      { status: "sent", ticketId: `ticket:${input[0].to}` },
      { status: "device_not_registered" },
      { status: "sent", ticketId: `ticket:${input[2].to}` },
    ]);
  });
});

Deno.test("ticket errors: MessageTooBig and InvalidCredentials fail for good, MessageRateExceeded retries", async () => {
  const errorTicket = (code: string, message: string) => ({
    status: "error",
    message,
    details: { error: code },
  });
  const reply: Reply = (messages) =>
    Response.json({
      data: [
        errorTicket("MessageTooBig", "Notification was too large. Payload is 5000 bytes; limit is 4096."),
        errorTicket("InvalidCredentials", `No valid credentials for ${messages[1].to} (key ${ACCESS_TOKEN})`),
        errorTicket("MessageRateExceeded", "Too many messages to this device"),
        { status: "error", message: "Something new" },
      ],
    });
  await withStandIn(reply, async (expo) => {
    const input = messagesFor(4);
    const sender = new ExpoPushSender({ baseUrl: expo.url, accessToken: ACCESS_TOKEN, timeoutMs: 5_000 });
    const outcomes = await sender.send(input);

    assert.deepEqual(outcomes.map((o) => o.status), ["failed", "failed", "retry", "failed"]);
    const reasons = outcomes.map((o) => "reason" in o ? o.reason : "");
    assert.match(reasons[0], /^MessageTooBig: /);
    assert.match(reasons[1], /^InvalidCredentials: /);
    assert.match(reasons[2], /^MessageRateExceeded: /);
    assert.equal(reasons[3], "Something new");
    // Neither the recipient's token nor the access token is kept whole in a stored reason.
    assert.ok(!reasons[1].includes(input[1].to) && !reasons[1].includes(ACCESS_TOKEN));
    assert.match(reasons[1], /ExponentPushToken\[dev1xx…\]/);
  });
});

Deno.test("a 500 makes every message retry, and the next call goes through", async () => {
  const reply: Reply = (messages, call) =>
    call === 1
      ? requestError(500, "INTERNAL_SERVER_ERROR", "An unknown error occurred.")
      : allOk(messages, call);
  await withStandIn(reply, async (expo) => {
    const sender = new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 });
    const input = messagesFor(2);

    const first = await sender.send(input);
    assert.deepEqual(first, [
      { status: "retry", reason: "Expo answered HTTP 500 INTERNAL_SERVER_ERROR: An unknown error occurred." },
      { status: "retry", reason: "Expo answered HTTP 500 INTERNAL_SERVER_ERROR: An unknown error occurred." },
    ]);
    const second = await sender.send(input);
    assert.deepEqual(second, input.map((m) => ({ status: "sent", ticketId: `ticket:${m.to}` })));
    assert.equal(expo.received.length, 2);
  });
});

Deno.test("a 5xx without a JSON body still retries", async () => {
  await withStandIn(() => new Response("<html>Bad Gateway</html>", { status: 502 }), async (expo) => {
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(
      messagesFor(1),
    );
    assert.deepEqual(outcomes, [{ status: "retry", reason: "Expo answered HTTP 502" }]);
  });
});

Deno.test("429 makes every message retry", async () => {
  const reply: Reply = () => requestError(429, "TOO_MANY_REQUESTS", "Rate limit exceeded");
  await withStandIn(reply, async (expo) => {
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(
      messagesFor(3),
    );
    assert.equal(outcomes.length, 3);
    for (const outcome of outcomes) {
      assert.deepEqual(outcome, {
        status: "retry",
        reason: "Expo answered HTTP 429 TOO_MANY_REQUESTS: Rate limit exceeded",
      });
    }
  });
});

Deno.test("another 4xx fails every message with Expo's error code, secrets cut out", async () => {
  const reply: Reply = (messages) =>
    requestError(
      400,
      "VALIDATION_ERROR",
      `"to" ${messages[0].to} is invalid; Authorization: Bearer ${ACCESS_TOKEN}`,
    );
  await withStandIn(reply, async (expo) => {
    const input = messagesFor(2);
    const sender = new ExpoPushSender({ baseUrl: expo.url, accessToken: ACCESS_TOKEN, timeoutMs: 5_000 });
    const outcomes = await sender.send(input);

    assert.deepEqual(outcomes.map((o) => o.status), ["failed", "failed"]);
    const reason = outcomes[0].status === "failed" ? outcomes[0].reason : "";
    assert.match(reason, /^Expo answered HTTP 400 VALIDATION_ERROR: /);
    assert.ok(!reason.includes(ACCESS_TOKEN) && !reason.includes(input[0].to), reason);
    assert.match(reason, /\[redacted\]/);
  });
});

Deno.test("250 messages go as 100, 100 and 50, and come back as 250 outcomes in order", async () => {
  await withStandIn(allOk, async (expo) => {
    const input = messagesFor(250);
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(input);

    assert.deepEqual(expo.received.map((r) => r.messages.length), [100, 100, 50]);
    for (const request of expo.received) assertWellFormed(request);
    assert.deepEqual(expo.received.flatMap((r) => r.messages.map((m) => m.to)), input.map((m) => m.to));
    assert.deepEqual(outcomes, input.map((m) => ({ status: "sent", ticketId: `ticket:${m.to}` })));
  });
});

Deno.test("a failed batch affects only its own messages", async () => {
  const reply: Reply = (messages, call) =>
    call === 2 ? requestError(503, "SERVICE_UNAVAILABLE", "Try again later") : allOk(messages, call);
  await withStandIn(reply, async (expo) => {
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(
      messagesFor(150),
    );

    assert.equal(outcomes.length, 150);
    assert.ok(outcomes.slice(0, 100).every((o) => o.status === "sent"));
    assert.ok(outcomes.slice(100).every((o) => o.status === "retry"));
  });
});

Deno.test("a service that never answers makes every message retry after timeoutMs", async () => {
  await withStandIn("hang", async (expo) => {
    const started = performance.now();
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 300 }).send(messagesFor(2));

    assert.ok(performance.now() - started < 3_000);
    assert.deepEqual(outcomes, [
      { status: "retry", reason: "Expo did not answer within 300 ms" },
      { status: "retry", reason: "Expo did not answer within 300 ms" },
    ]);
  });
});

Deno.test("an unreachable service makes every message retry, without internal addresses", async () => {
  const closed = new ExpoStandIn(allOk);
  const baseUrl = closed.url;
  await closed.close();

  const outcomes = await new ExpoPushSender({ baseUrl, timeoutMs: 5_000 }).send(messagesFor(1));
  assert.deepEqual(outcomes, [{ status: "retry", reason: "Expo could not be reached" }]);
});

Deno.test("a ticket count that does not match never counts as delivered", async () => {
  const reply: Reply = (messages) =>
    Response.json({ data: messages.slice(1).map((m) => ({ status: "ok", id: ticketId(m) })) });
  await withStandIn(reply, async (expo) => {
    const outcomes = await new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 }).send(
      messagesFor(3),
    );
    assert.deepEqual(
      outcomes,
      Array(3).fill({ status: "retry", reason: "Expo answered 2 tickets for 3 messages" }),
    );
  });
});

Deno.test("a 200 without a ticket list, or with an unreadable ticket, retries", async () => {
  const reply: Reply = (messages, call) =>
    call === 1
      ? new Response("<html>maintenance</html>", { status: 200 })
      : Response.json({ data: [{ status: "ok" }, { status: "ok", id: ticketId(messages[1]) }] });
  await withStandIn(reply, async (expo) => {
    const sender = new ExpoPushSender({ baseUrl: expo.url, timeoutMs: 5_000 });
    const input = messagesFor(2);

    assert.deepEqual(
      await sender.send(input),
      Array(2).fill({ status: "retry", reason: "Expo answered no ticket list for 2 messages" }),
    );
    assert.deepEqual(await sender.send(input), [
      { status: "retry", reason: "Expo answered an unreadable ticket" },
      { status: "sent", ticketId: `ticket:${input[1].to}` },
    ]);
  });
});

Deno.test("the log-only sender logs one line per message, token shortened, and reports local tickets", async () => {
  const lines: string[] = [];
  const input = messagesFor(2);
  input[1].title = "Two\nlines";
  const outcomes = await new LogPushSender((line) => lines.push(line)).send(input);

  assert.equal(lines.length, 2);
  assert.equal(lines[0], `push (log only) to ExponentPushToken[dev0xx…]: "App 0 is ready"`);
  assert.equal(lines[1], `push (log only) to ExponentPushToken[dev1xx…]: "Two\\nlines"`);
  for (const line of lines) assert.ok(!input.some((m) => line.includes(m.to)));
  assert.equal(outcomes.length, 2);
  for (const outcome of outcomes) {
    assert.equal(outcome.status, "sent");
    assert.match(outcome.status === "sent" ? outcome.ticketId : "", /^local-[0-9a-f-]{36}$/);
  }
});

Deno.test("isExpoPushToken accepts Expo's two token shapes and nothing else", () => {
  for (
    const valid of [
      "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]",
      "ExpoPushToken[N1gRBaGjWIvzT7FqzW2Ke1]",
      "ExponentPushToken[AbC-123_def-456_ghi-78]",
    ]
  ) {
    assert.ok(isExpoPushToken(valid), valid);
  }
  for (
    const invalid of [
      "",
      "ExponentPushToken[]",
      "ExponentPushToken[short]",
      "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx",
      "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx] ",
      " ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]",
      "exponentpushtoken[xxxxxxxxxxxxxxxxxxxxxx]",
      "ExpoPushToken(xxxxxxxxxxxxxxxxxxxxxx)",
      "ExponentPushToken[xxxxxxxxxxx xxxxxxxxxx]",
      "ExponentPushToken[<script>alert(1)</script>]",
      "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]\n",
      `ExponentPushToken[${"x".repeat(65)}]`,
      "ExpoPushToken[xxxxxxxxxxxxxxxxxxxxxx]]",
      "0d6a9a4e-6f26-4b0e-9a3c-6f0f2b0f4d1e",
    ]
  ) {
    assert.ok(!isExpoPushToken(invalid), JSON.stringify(invalid));
  }
});

Deno.test("backoff doubles from 30 s, stops growing at an hour, and jitters within ±20%", () => {
  assert.equal(MAX_PUSH_ATTEMPTS, 6);
  const unjittered = (attempt: number) => nextAttemptDelaySeconds(attempt, () => 0.5);
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map(unjittered), [30, 60, 120, 240, 480, 960, 1920, 3600]);
  assert.equal(unjittered(1_000), 3600);

  assert.equal(nextAttemptDelaySeconds(1, () => 0), 24);
  assert.equal(nextAttemptDelaySeconds(1, () => 0.999999), 36);
  assert.equal(nextAttemptDelaySeconds(20, () => 0), 2880);
  assert.equal(nextAttemptDelaySeconds(20, () => 0.999999), 4320);

  for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt++) {
    const base = Math.min(3600, 30 * 2 ** (attempt - 1));
    for (let i = 0; i < 200; i++) {
      const delay = nextAttemptDelaySeconds(attempt);
      assert.ok(
        Number.isInteger(delay) && delay >= base * 0.8 && delay <= base * 1.2,
        `${attempt}: ${delay}`,
      );
    }
  }
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    assert.throws(() => nextAttemptDelaySeconds(bad), RangeError);
  }
});
