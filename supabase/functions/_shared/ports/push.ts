// Mobile push: the outbox hands messages to a sender and records, per message, what became of it, and
// later what the push service's receipt says.

export interface PushMessage {
  /** An Expo push token (see isExpoPushToken). */
  to: string;
  title: string;
  body: string;
  /** Delivered to the app alongside the notification, e.g. the job it is about. */
  data: Record<string, unknown>;
}

/**
 * What became of one message. `sent` means the push service accepted it, not that a device showed it.
 * `retry` is transient (network, timeout, HTTP 429/5xx, MessageRateExceeded): the same message may succeed
 * later. `failed` is permanent (MessageTooBig, InvalidCredentials, a rejected request): sending it again
 * cannot help. `device_not_registered` means the token is dead and should be forgotten.
 */
export type PushOutcome =
  | { status: "sent"; ticketId: string }
  | { status: "device_not_registered" }
  | { status: "retry"; reason: string }
  | { status: "failed"; reason: string };

/** What the push service finally did with an accepted message. */
export type PushReceipt = { status: "ok" } | { status: "error"; error: string; message?: string };

export interface PushSender {
  /**
   * One outcome per message, in the same order and of the same length; never throws for an upstream
   * failure, which becomes outcomes. Large inputs are split into batches the push service accepts.
   */
  send(messages: PushMessage[]): Promise<PushOutcome[]>;
  /**
   * The receipts the service has for these tickets, by ticket id; a ticket without one yet is absent, and
   * an upstream failure answers none (they are asked for again later). Never throws for an upstream failure.
   */
  receipts(ticketIds: string[]): Promise<Record<string, PushReceipt>>;
}

// Expo issues `ExponentPushToken[…]` (older SDKs) or `ExpoPushToken[…]`; the inner part is a short opaque
// base64url-like identifier (22 characters today). Bounding charset and length keeps junk, markup and
// oversized strings out of the token table without betting on the exact length.
export const EXPO_PUSH_TOKEN = /^Expo(?:nent)?PushToken\[[A-Za-z0-9_-]{16,64}\]$/;

/** Whether a string is shaped like an Expo push token; it says nothing about the token being live. */
export function isExpoPushToken(token: string): boolean {
  return EXPO_PUSH_TOKEN.test(token);
}
