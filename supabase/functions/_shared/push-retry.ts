// When a push whose outcome was `retry` is tried again. Expo asks senders to back off exponentially on
// network errors, HTTP 429 and 5xx; the jitter spreads out a batch that failed together, so the retries of a
// whole outage do not arrive as one burst the moment the service comes back.

/**
 * Attempts per message, the first included. With the delays below, the last attempt happens about a quarter
 * of an hour after the first (30 + 60 + 120 + 240 + 480 s, each ±20%), while a completion notice is still
 * worth having; a message still `retry` after this many attempts is given up as failed.
 */
export const MAX_PUSH_ATTEMPTS = 6;

const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 60 * 60;
const JITTER = 0.2;

/**
 * Seconds to wait after failed attempt number `attempt` (1 for the first) before the next one:
 * 30 s × 2^(attempt − 1), capped at one hour, then scaled by a factor drawn uniformly from [0.8, 1.2]
 * and rounded to whole seconds. `random` returns a number in [0, 1), as Math.random does; tests pass a
 * fixed one to get a fixed delay (0 gives the lower bound, 0.5 the unjittered delay).
 */
export function nextAttemptDelaySeconds(attempt: number, random: () => number = Math.random): number {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  const base = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (attempt - 1));
  const factor = 1 - JITTER + 2 * JITTER * random();
  return Math.round(base * factor);
}
