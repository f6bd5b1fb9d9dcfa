import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { bearer, jsonPost, registerPlayer, startAccountsServer, type RegisteredPlayer } from "../player/player-test-helpers.ts";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";

let server: TestServer;

beforeAll(async () => {
  server = await startAccountsServer();
});

afterAll(async () => {
  await server?.close();
});

async function accountsOf(player: RegisteredPlayer): Promise<WalletAccount[]> {
  const response = await server.request("/api/wallet/accounts", bearer(player.accessToken));
  expect(response.status).toBe(200);
  return (await readJson(response)).data;
}

/** Credits a player's cash through the ledger, as a confirmed deposit would. */
async function credit(walletAccountId: string, currency: string, amount: string) {
  const { ledger } = server.app.services;
  const accounts = await ledger.playerAccounts(server.database.db, walletAccountId, currency);
  const house = await ledger.houseAccount(server.database.db, "payment-clearing:sandbox", currency);
  await ledger.post(server.database.db, {
    kind: "deposit",
    idempotencyKey: `test-credit:${walletAccountId}:${amount}:${Math.random()}`,
    legs: [
      { accountId: house, amount: `-${amount}` },
      { accountId: accounts.cash, amount },
    ],
  });
}

describe("wallet accounts", () => {
  it("lists the registration account, selected, with a zero balance", async () => {
    const player = await registerPlayer(server, { currency: "EUR" });
    const accounts = await accountsOf(player);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ currency: "EUR", balance: "0.00", cash: "0", status: 1, isSelected: true, isHidden: false, equivalent: null });
  });

  it("adds an account per currency, refuses duplicates and unknown currencies, and shows crypto equivalents", async () => {
    const player = await registerPlayer(server, { currency: "EUR" });
    const added = await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "BTC" })));
    expect(added.status).toBe(200);
    const list: WalletAccount[] = (await readJson(added)).data;
    expect(list.map((account) => account.currency)).toEqual(["EUR", "BTC"]);
    const btc = list.find((account) => account.currency === "BTC")!;
    expect(btc.isSelected).toBe(false);

    await credit(btc.id, "BTC", "0.5");
    const withBalance = (await accountsOf(player)).find((account) => account.currency === "BTC")!;
    expect(withBalance.balance).toBe("0.50000000");
    expect(withBalance.equivalent?.amount).toMatch(/^\d+\.\d{2}$/);
    expect(Number(withBalance.equivalent!.amount)).toBeGreaterThan(0);

    const duplicate = await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "BTC" })));
    expect(duplicate.status).toBe(422);
    expect((await readJson(duplicate)).errors.currency).toEqual(["You already have an account in this currency."]);
    const unknown = await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "XYZ" })));
    expect(unknown.status).toBe(422);
    expect(await accountsOf(player)).toHaveLength(2);
  });

  it("switches the selected account (exactly one) and publishes the change", async () => {
    const player = await registerPlayer(server, { currency: "EUR" });
    const list: WalletAccount[] = (await readJson(await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "USD" }))))).data;
    const usd = list.find((account) => account.currency === "USD")!;
    const switched = new Promise<string>((resolve) => server.app.services.wallet.onAccountSwitched((event) => event.playerId === player.playerId && resolve(event.currency)));
    const response = await server.request(`/api/wallet/accounts/${usd.id}/switch`, bearer(player.accessToken, { method: "PUT" }));
    expect(response.status).toBe(200);
    const after: WalletAccount[] = (await readJson(response)).data;
    expect(after.filter((account) => account.isSelected).map((account) => account.currency)).toEqual(["USD"]);
    expect(await switched).toBe("USD");
  });

  it("hides an account that is not selected and refuses to hide the selected one", async () => {
    const player = await registerPlayer(server, { currency: "EUR" });
    const list: WalletAccount[] = (await readJson(await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "USD" }))))).data;
    const eur = list.find((account) => account.currency === "EUR")!;
    const usd = list.find((account) => account.currency === "USD")!;
    const refused = await server.request(`/api/wallet/accounts/${eur.id}/hide`, bearer(player.accessToken, { method: "PUT" }));
    expect(refused.status).toBe(422);
    const hidden = await server.request(`/api/wallet/accounts/${usd.id}/hide`, bearer(player.accessToken, { method: "PUT" }));
    expect(hidden.status).toBe(200);
    expect((await readJson(hidden)).data.find((account: WalletAccount) => account.id === usd.id).isHidden).toBe(true);
    // Adding the currency again brings the same account back.
    const again: WalletAccount[] = (await readJson(await server.request("/api/wallet/accounts", bearer(player.accessToken, jsonPost({ currency: "USD" }))))).data;
    expect(again.find((account) => account.currency === "USD")).toMatchObject({ id: usd.id, isHidden: false });
  });

  it("never lets a player touch another player's account", async () => {
    const owner = await registerPlayer(server, { currency: "EUR" });
    const intruder = await registerPlayer(server, { currency: "EUR" });
    const [account] = await accountsOf(owner);
    for (const action of ["switch", "hide"]) {
      const response = await server.request(`/api/wallet/accounts/${account!.id}/${action}`, bearer(intruder.accessToken, { method: "PUT" }));
      expect(response.status).toBe(404);
    }
    expect(await accountsOf(owner)).toEqual([account]);
  });

  it("answers 401 without a session", async () => {
    expect((await server.request("/api/wallet/accounts")).status).toBe(401);
  });
});
