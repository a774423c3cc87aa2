// Section F of the contract, wallet half: the caller's wallet and its ledger. Balances are integer credits
// (1 EUR = 100 credits); the display_* strings are formatted in SQL (private.format_eur), Italian style.
import { createRoute, z } from "@hono/zod-openapi";
import {
  Credits,
  Display,
  errorResponses,
  jsonContent,
  Timestamp,
  TimestampPageQuery,
  Uuid,
} from "./common.ts";
import { LIMITS } from "./limits.gen.ts";

export const Wallet = z.object({
  balance: Credits.openapi({
    description:
      `The paid balance in credits; negative after runs past zero (down to the ${LIMITS.wallet.credit_floor} floor, ` +
      "below which no new job starts). A top-up pays a negative balance off first.",
  }),
  bonus_balance: Credits.openapi({
    description:
      "The welcome bonus left, spent before the paid balance; 0 once `bonus_expires_at` has passed.",
  }),
  bonus_expires_at: Timestamp.nullable().openapi({ description: "When the bonus lapses (UTC)." }),
  total: Credits.openapi({ description: "`balance` + `bonus_balance`." }),
  held: Credits.openapi({
    description: "Credits held for jobs admitted and not finished: each holds its tier's maximum price " +
      "from admission until it ends, when the real cost is spent instead (nothing for a run that failed " +
      "uncharged or was given up).",
  }),
  available: Credits.openapi({
    description:
      `\`total\` − \`held\`: what the ${LIMITS.wallet.credit_floor} credit floor is checked on; a new job ` +
      `is refused (402) when it is at or below ${LIMITS.wallet.credit_floor}.`,
  }),
  display_balance: Display("`balance`"),
  display_bonus_balance: Display("`bonus_balance`"),
  display_total: Display("`total`"),
  updated_at: Timestamp,
}).openapi("Wallet");

export const WalletTransaction = z.object({
  id: Uuid,
  reason: z.enum(["bonus", "bonus_expired", "spend", "topup"]).openapi({
    description: "`bonus`: the welcome bonus granted (metadata `expires_at`); `bonus_expired`: the unspent " +
      "bonus written off when it lapsed (metadata `expired_at`); `spend`: a run's cost, bonus first; " +
      "`topup`: a paid checkout credited to the paid balance.",
  }),
  amount: Credits.openapi({ description: "Signed change of the paid balance." }),
  bonus_amount: Credits.openapi({ description: "Signed change of the bonus." }),
  balance_after: Credits.openapi({ description: "The paid balance right after this row." }),
  bonus_balance_after: Credits.openapi({ description: "The bonus right after this row." }),
  display_amount: Display("`amount` + `bonus_amount`"),
  display_balance_after: Display("`balance_after`"),
  metadata: z.record(z.string(), z.unknown()).openapi({
    description: "By reason. `spend`: `run_id` (the job), `model`, `provider`, `cost_eur` (decimal " +
      "string), `display_cost`, and `job_id`, `project_id`, `tier`, `credits`. `topup`: `session_id`, " +
      "`event_id`, `event_type`, `credits`, `amount_eur` (decimal string), `currency`, `display_amount`, " +
      "`settled_debt` (credits of it that paid off a negative balance).",
  }),
  created_at: Timestamp.openapi({
    example: "2026-11-22T09:30:00.123456Z",
    description: "UTC with microseconds; unique among the user's transactions.",
  }),
}).openapi("WalletTransaction");

export const WalletTransactionPage = z.object({
  data: z.array(WalletTransaction),
  next_cursor: Timestamp.nullable().openapi({
    description: "The last row's `created_at`; pass it as `cursor` for the next page. Null on the last page.",
  }),
}).openapi("WalletTransactionPage");

export const routes = {
  getWallet: createRoute({
    method: "get",
    path: "/wallets/me",
    operationId: "getWallet",
    tags: ["Wallet and usage"],
    summary: "The caller's wallet",
    description: "Integer credits (1 EUR = 100 credits) and their euro display strings.",
    responses: {
      200: jsonContent(Wallet, "The wallet"),
      ...errorResponses([404], { 404: "`wallet_not_found`: the account has no wallet" }),
    },
  }),
  listWalletTransactions: createRoute({
    method: "get",
    path: "/wallets/me/transactions",
    operationId: "listWalletTransactions",
    tags: ["Wallet and usage"],
    summary: "A page of the caller's wallet transactions",
    description: "Newest first. Every change of the wallet is one row, written in the same " +
      "transaction as the balance, so the balances after the newest row are the wallet's. " +
      "`created_at` is unique per user, so the cursor is the last row's `created_at` and the next " +
      "page holds the rows strictly before it: nothing repeats or goes missing. Any ISO 8601 " +
      "date-time with a zone is a valid cursor; anything else is 400 `invalid_cursor`.",
    request: {
      query: TimestampPageQuery,
    },
    responses: {
      200: jsonContent(WalletTransactionPage, "A page of transactions"),
      ...errorResponses([400], { 400: "`invalid_request` (limit) or `invalid_cursor`" }),
    },
  }),
};
