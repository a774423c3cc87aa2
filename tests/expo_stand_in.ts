// A loopback stand-in of Expo's push send endpoint (`POST /--/api/v2/push/send`) and its receipts endpoint
// (`POST /--/api/v2/push/getReceipts`), for the push sender's tests and the outbox's: it records every
// request and answers as the test says.
import { StandInServer } from "./stand_in_server.ts";

export const SEND_PATH = "/--/api/v2/push/send";
export const RECEIPTS_PATH = "/--/api/v2/push/getReceipts";

export type Json = Record<string, unknown>;

export interface Received {
  method: string;
  path: string;
  headers: Headers;
  messages: Json[];
}

/** Answers one request; `call` counts from 1 across the stand-in's life. */
export type Reply = (messages: Json[], call: number) => Response | Promise<Response>;

/** A ticket id that names its message, so the order of outcomes can be checked against the input. */
export function ticketId(message: Json): string {
  return `ticket:${message.to}`;
}

/** Expo's ticket for a message to a token it no longer knows (the app was uninstalled). */
export function notRegisteredTicket(message: Json): Json {
  return {
    status: "error",
    message: `"${message.to}" is not a registered push notification recipient`,
    details: { error: "DeviceNotRegistered" },
  };
}

export const allOk: Reply = (messages) =>
  Response.json({ data: messages.map((m) => ({ status: "ok", id: ticketId(m) })) });

export function requestError(status: number, code: string, message: string): Response {
  return Response.json({ errors: [{ code, message }] }, { status });
}

/** Just enough of Expo's push service: records what it receives and answers as the test says. */
export class ExpoStandIn extends StandInServer {
  readonly received: Received[] = [];

  /** `receipts` answers getReceipts with these receipts by ticket id (ids it does not know are left out). */
  constructor(
    private readonly reply: Reply | "hang",
    private readonly receipts: Record<string, Json> = {},
  ) {
    super();
  }

  protected async handle(req: Request): Promise<Response> {
    const parsed = JSON.parse(await req.text());
    const path = new URL(req.url).pathname;
    this.received.push({ method: req.method, path, headers: req.headers, messages: parsed });
    if (req.method === "POST" && path === RECEIPTS_PATH) {
      const ids: string[] = parsed.ids;
      return Response.json({
        data: Object.fromEntries(
          ids.filter((id) => id in this.receipts).map((id) => [id, this.receipts[id]]),
        ),
      });
    }
    if (req.method !== "POST" || path !== SEND_PATH) return requestError(404, "NOT_FOUND", "no such route");
    if (this.reply === "hang") return await this.hang();
    return this.reply(parsed, this.received.length);
  }
}

export async function withStandIn(reply: Reply | "hang", run: (expo: ExpoStandIn) => Promise<void>) {
  const expo = new ExpoStandIn(reply);
  try {
    await run(expo);
  } finally {
    await expo.close();
  }
}
