import type { DbExecutor } from "../../db/database.ts";

// The KYC check point of withdrawals: once identity checks exist, only KYC-approved players may
// withdraw. Every withdrawal request asks the gate inside its transaction, before any
// money is held. Until identity verification exists the gate lets every player through; identity
// checks will replace `allowAllKycGate` with one that reads the player's verification status and
// refuses with a reason (the request then answers 403 FORBIDDEN with that reason).

export type KycDecision = { allowed: true } | { allowed: false; reason: string; message: string };

export type KycGate = (executor: DbExecutor, playerId: string) => Promise<KycDecision>;

export const allowAllKycGate: KycGate = async () => ({ allowed: true });
