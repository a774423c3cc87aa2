// The prompt-evaluation quota as this instance last saw it for each user, so `GET /whoami` can report
// it without a database call. It is exact as of the caller's latest job request on this instance, and
// absent before the first one or once the window it describes has moved on.
export interface QuotaState {
  limit: number;
  remaining: number;
  reset_at: string;
}

const LIMIT = 10_000;
const seen = new Map<string, QuotaState>();

export function rememberQuota(userId: string, state: QuotaState) {
  seen.delete(userId);
  if (seen.size >= LIMIT) seen.delete(seen.keys().next().value!);
  seen.set(userId, { limit: state.limit, remaining: state.remaining, reset_at: state.reset_at });
}

/** The last state seen, while it is still true: once its reset time passes, it is no longer known. */
export function knownQuota(userId: string): QuotaState | undefined {
  const state = seen.get(userId);
  if (state && Date.parse(state.reset_at) <= Date.now()) {
    seen.delete(userId);
    return undefined;
  }
  return state;
}
