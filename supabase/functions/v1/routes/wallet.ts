// The wallet routes' handlers (contract: `_contract/wallet.ts`).
import type { z } from "@hono/zod-openapi";
import type { Deps } from "../../_shared/deps.ts";
import { selectAsUser } from "../../_shared/db.ts";
import { type ApiApp, cursorHook, userRoute } from "../../_shared/http.ts";
import { routes, type Wallet, type WalletTransactionPage } from "../../_contract/wallet.ts";

export function registerWalletRoutes(api: ApiApp, deps: Deps) {
  const { db, verifier } = deps;

  api.openapi(userRoute(verifier, routes.getWallet), async (c) => {
    const wallet = await selectAsUser<z.infer<typeof Wallet>>(
      db,
      c.get("claims"),
      (tx) => tx`select api.get_wallet() as r`,
    );
    return c.json(wallet, 200);
  });

  api.openapi(
    userRoute(verifier, routes.listWalletTransactions),
    async (c) => {
      const { limit, cursor } = c.req.valid("query");
      const page = await selectAsUser<z.infer<typeof WalletTransactionPage>>(
        db,
        c.get("claims"),
        (tx) => tx`select api.list_wallet_transactions(${limit}, ${cursor ?? null}) as r`,
      );
      return c.json(page, 200);
    },
    (result) => cursorHook(result),
  );
}
