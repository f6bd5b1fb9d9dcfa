import { z } from "zod";
import { MoneyAmountSchema } from "../money.ts";
import { CurrencyCodeSchema } from "../settings.ts";

/** The equivalent of a crypto balance in the equivalent (base) currency, 2 decimals (spec 9). */
export const EquivalentBalanceSchema = z
  .object({ currency: z.string(), amount: MoneyAmountSchema })
  .meta({ id: "EquivalentBalance" });

/** Spec 3 "Wallet account": id, currency, balance, status (1 active); plus what the wallet page shows. */
export const WalletAccountSchema = z
  .object({
    id: z.string(),
    currency: z.string(),
    /** What the player can play with: cash plus bonus money. */
    balance: MoneyAmountSchema,
    /** Withdrawable money. */
    cash: MoneyAmountSchema,
    bonus: MoneyAmountSchema,
    /** Requested withdrawals not yet paid out (held, no longer in `balance`). */
    pendingWithdrawal: MoneyAmountSchema,
    /** WALLET_ACCOUNT_STATUS: 1 active. */
    status: z.number().int(),
    /** The one account the player plays with (spec: one active account). */
    isSelected: z.boolean(),
    isHidden: z.boolean(),
    equivalent: EquivalentBalanceSchema.nullable(),
  })
  .meta({ id: "WalletAccount" });

/** GET/POST /api/wallet/accounts and PUT .../switch and .../hide all answer the account list. */
export const WalletAccountListSchema = z.object({ data: z.array(WalletAccountSchema) }).meta({ id: "WalletAccountList" });

export const CreateWalletAccountRequestSchema = z.object({ currency: CurrencyCodeSchema }).meta({ id: "CreateWalletAccountRequest" });

export const WalletAccountIdParamsSchema = z.object({ id: z.uuid({ error: "Unknown account." }) });

/** Payload of `wallet:accounts#{playerId}` publications (spec 7 event `account`). */
export const WalletAccountEventSchema = z.object({ event: z.literal("account"), account: WalletAccountSchema }).meta({ id: "WalletAccountEvent" });

export type EquivalentBalance = z.infer<typeof EquivalentBalanceSchema>;
export type WalletAccount = z.infer<typeof WalletAccountSchema>;
export type WalletAccountList = z.infer<typeof WalletAccountListSchema>;
export type CreateWalletAccountRequest = z.infer<typeof CreateWalletAccountRequestSchema>;
export type WalletAccountEvent = z.infer<typeof WalletAccountEventSchema>;
