// Push senders: Expo's push API for hosted deployments, and a log-only sender for the embedded stack, where
// no device can be reached and the outbox should still move on.
import type { Config } from "../config.ts";
import type { PushMessage, PushOutcome, PushReceipt, PushSender } from "../ports/push.ts";

export interface ExpoPushOptions {
  /** Default https://exp.host. */
  baseUrl?: string;
  /** Required by Expo once "enhanced push security" is on for the project; sent as a Bearer token. */
  accessToken?: string;
  /** Limit for one HTTP exchange, body included. */
  timeoutMs: number;
}

const DEFAULT_BASE_URL = "https://exp.host";
const SEND_PATH = "/--/api/v2/push/send";
const RECEIPTS_PATH = "/--/api/v2/push/getReceipts";
// Expo refuses requests of more than 100 messages, or of more than 1000 receipt ids.
const BATCH_SIZE = 100;
const RECEIPTS_BATCH_SIZE = 1000;
const QUOTED_TEXT_MAX = 200;

type Answer =
  | { reached: false; reason: string }
  | { reached: true; status: number; body: unknown };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Enough of a token to tell devices apart in a log line, too little to push to it. */
function shortToken(token: string): string {
  const m = /^(Expo(?:nent)?PushToken\[)(.*)\]$/.exec(token);
  return m ? `${m[1]}${m[2].slice(0, 6)}…]` : `${token.slice(0, 6)}…`;
}

export class ExpoPushSender implements PushSender {
  private readonly url: string;
  private readonly receiptsUrl: string;

  constructor(private readonly options: ExpoPushOptions) {
    const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.url = `${base}${SEND_PATH}`;
    this.receiptsUrl = `${base}${RECEIPTS_PATH}`;
  }

  async receipts(ticketIds: string[]): Promise<Record<string, PushReceipt>> {
    const found: Record<string, PushReceipt> = {};
    for (let i = 0; i < ticketIds.length; i += RECEIPTS_BATCH_SIZE) {
      const answer = await this.post(this.receiptsUrl, { ids: ticketIds.slice(i, i + RECEIPTS_BATCH_SIZE) });
      const data = answer.reached && answer.status === 200 && isObject(answer.body)
        ? answer.body.data
        : undefined;
      if (!isObject(data)) continue;
      for (const [id, receipt] of Object.entries(data)) {
        if (!isObject(receipt)) continue;
        if (receipt.status === "ok") found[id] = { status: "ok" };
        else if (receipt.status === "error") {
          const error = isObject(receipt.details) && typeof receipt.details.error === "string"
            ? receipt.details.error
            : "UnknownError";
          const message = typeof receipt.message === "string" ? this.quote(receipt.message) : undefined;
          found[id] = { status: "error", error, ...(message ? { message } : {}) };
        }
      }
    }
    return found;
  }

  async send(messages: PushMessage[]): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = [];
    // One batch at a time: Expo asks senders to keep concurrent connections few, and a completion notice
    // concerns a handful of devices, so parallel requests would buy nothing.
    for (let i = 0; i < messages.length; i += BATCH_SIZE) {
      outcomes.push(...await this.sendBatch(messages.slice(i, i + BATCH_SIZE)));
    }
    return outcomes;
  }

  private async sendBatch(batch: PushMessage[]): Promise<PushOutcome[]> {
    const every = (outcome: PushOutcome) => batch.map(() => ({ ...outcome }));
    const answer = await this.post(
      this.url,
      batch.map((m) => ({
        to: m.to,
        title: m.title,
        body: m.body,
        data: m.data,
        // Audible and delivered at once: the user is waiting for this. No channelId, so Android uses the
        // channel Expo creates by default, and no ttl, so each platform keeps its own redelivery window.
        sound: "default",
        priority: "high",
      })),
    );
    if (!answer.reached) return every({ status: "retry", reason: answer.reason });

    const { status, body } = answer;
    if (status >= 200 && status < 300) {
      const tickets = isObject(body) ? body.data : undefined;
      // Tickets pair with messages by position only, so a short or missing list leaves no message known to
      // be accepted; sending again risks a duplicate, which beats a silently lost notice.
      if (!Array.isArray(tickets) || tickets.length !== batch.length) {
        const got = Array.isArray(tickets) ? `${tickets.length} tickets` : "no ticket list";
        return every({ status: "retry", reason: `Expo answered ${got} for ${batch.length} messages` });
      }
      return tickets.map((ticket) => this.outcomeOf(ticket));
    }
    const said = this.requestError(status, body);
    // 408 and 429 are 4xx codes that ask for the same request later; Expo's docs name 429 and 5xx as the
    // ones to retry with backoff.
    if (status === 408 || status === 429 || status >= 500) return every({ status: "retry", reason: said });
    if (status >= 400) return every({ status: "failed", reason: said });
    return every({ status: "retry", reason: `${said} (unexpected status)` });
  }

  private async post(url: string, payload: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      "Accept": "application/json",
      "Accept-Encoding": "gzip, deflate",
      "Content-Type": "application/json",
    };
    if (this.options.accessToken) headers["Authorization"] = `Bearer ${this.options.accessToken}`;
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(payload),
        signal: deadline,
      });
      // Read under the same deadline: a stalled body is as good as no answer.
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Proxies answer 502/503 with HTML; the status alone then decides.
      }
      return { reached: true, status: res.status, body };
    } catch {
      // The fetch error's text names internal addresses, so only its kind is kept.
      const reason = deadline.aborted
        ? `Expo did not answer within ${this.options.timeoutMs} ms`
        : "Expo could not be reached";
      return { reached: false, reason };
    }
  }

  /** `HTTP <status> <code>: <message>` from Expo's `{errors: [{code, message}]}`, when it sent one. */
  private requestError(status: number, body: unknown): string {
    const errors = isObject(body) ? body.errors : undefined;
    const first = Array.isArray(errors) && isObject(errors[0]) ? errors[0] : undefined;
    const code = typeof first?.code === "string" ? ` ${first.code}` : "";
    const message = typeof first?.message === "string" ? `: ${this.quote(first.message)}` : "";
    return `Expo answered HTTP ${status}${code}${message}`;
  }

  private outcomeOf(ticket: unknown): PushOutcome {
    if (isObject(ticket) && ticket.status === "ok" && typeof ticket.id === "string" && ticket.id !== "") {
      return { status: "sent", ticketId: ticket.id };
    }
    if (!isObject(ticket) || ticket.status !== "error") {
      return { status: "retry", reason: "Expo answered an unreadable ticket" };
    }
    const code = isObject(ticket.details) && typeof ticket.details.error === "string"
      ? ticket.details.error
      : undefined;
    if (code === "DeviceNotRegistered") return { status: "device_not_registered" };
    const message = typeof ticket.message === "string" ? this.quote(ticket.message) : "";
    const reason = [code, message].filter(Boolean).join(": ") || "Expo refused the message";
    // Only the rate limit passes by itself; MessageTooBig, InvalidCredentials and unknown codes do not.
    return code === "MessageRateExceeded" ? { status: "retry", reason } : { status: "failed", reason };
  }

  /**
   * Upstream text fit for a stored reason: Expo quotes push tokens in its messages and a proxy might echo
   * the request's Authorization header, so both are cut down before anything is kept.
   */
  private quote(text: string): string {
    let out = this.options.accessToken ? text.replaceAll(this.options.accessToken, "[redacted]") : text;
    out = out.replace(/Expo(?:nent)?PushToken\[[^\]\s]*\]/g, shortToken);
    return out.length > QUOTED_TEXT_MAX ? `${out.slice(0, QUOTED_TEXT_MAX)}…` : out;
  }
}

/** Accepts every message and only logs it, one line each, so a local run shows what would have been pushed. */
export class LogPushSender implements PushSender {
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  send(messages: PushMessage[]): Promise<PushOutcome[]> {
    return Promise.resolve(messages.map((m): PushOutcome => {
      this.log(`push (log only) to ${shortToken(m.to)}: ${JSON.stringify(m.title)}`);
      return { status: "sent", ticketId: `local-${crypto.randomUUID()}` };
    }));
  }

  /** Its own tickets were delivered to the log; it knows nothing of any other. */
  receipts(ticketIds: string[]): Promise<Record<string, PushReceipt>> {
    return Promise.resolve(Object.fromEntries(
      ticketIds.filter((id) => id.startsWith("local-")).map((id) => [id, { status: "ok" } as PushReceipt]),
    ));
  }
}

/** Expo when PUSH_PROVIDER is "expo", otherwise the log-only sender. */
export function pushSenderFrom(c: Config): PushSender {
  return c.PUSH_PROVIDER === "expo"
    ? new ExpoPushSender({
      baseUrl: c.EXPO_BASE_URL,
      accessToken: c.EXPO_ACCESS_TOKEN,
      timeoutMs: c.UPSTREAM_TIMEOUT_MS,
    })
    : new LogPushSender();
}
