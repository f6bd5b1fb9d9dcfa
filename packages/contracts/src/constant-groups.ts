import { PLAYER_BONUS_RESULT, PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "./bonus/bonus-constants.ts";
import {
  PLAYER_STATUS,
  INVOICE_STATUS,
  INVOICE_TYPE,
  BET_STATUS,
  DOCUMENT_STATUS,
  PLAYER_BONUS_STATUS,
  QUEST_STATE,
  LIMIT_DEFINITION,
  LIMIT_PERIOD,
  BONUS_CODE_STATUS,
  NOTIFICATION_STATE,
  WALLET_ACCOUNT_STATUS,
} from "./constants.ts";

// The groups as published by the global-settings API (GET constants).
export const CONSTANT_GROUPS = {
  playerStatuses: PLAYER_STATUS,
  invoiceStatuses: INVOICE_STATUS,
  invoiceTypes: INVOICE_TYPE,
  betStatuses: BET_STATUS,
  documentStatuses: DOCUMENT_STATUS,
  playerBonusStatuses: PLAYER_BONUS_STATUS,
  playerBonusResults: PLAYER_BONUS_RESULT,
  playerFreespinStatuses: PLAYER_FREESPIN_STATUS,
  playerFreespinResults: PLAYER_FREESPIN_RESULT,
  questStates: QUEST_STATE,
  limitDefinitions: LIMIT_DEFINITION,
  limitPeriods: LIMIT_PERIOD,
  bonusCodeStatuses: BONUS_CODE_STATUS,
  notificationStates: NOTIFICATION_STATE,
  walletAccountStatuses: WALLET_ACCOUNT_STATUS,
} as const;

export type ConstantGroupName = keyof typeof CONSTANT_GROUPS;
