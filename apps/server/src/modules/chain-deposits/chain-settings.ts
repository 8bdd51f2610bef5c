// Deposits confirmed on the Tron chain (attribution: docs/decisions/013-chain-deposit-attribution.md and,
// for per-user addresses, 020-per-user-deposit-addresses.md): the live settings every part reads, and the
// constants the parts share. The module is split by concern:
//   payment-requests.ts  exact amounts on the shared address (DEPOSIT_ADDRESS)
//   settle.ts            recording transfers, confirming them against the solidified receipt, crediting
//   claims.ts            pasted transaction ids
//   unmatched.ts         the admins' unmatched desk and the poller's health
//   deposit-addresses.ts per-user addresses from TRON_XPUB (xpub.ts derives them); events-watcher.ts reads the
//                        USDT contract's Transfer events for them
//   poller.ts            the timer and the shared address's listing
import type { SettingsStore } from '../settings/settings.store.js';
import { referralRules, type ReferralRules } from '../referrals/referrals.service.js';

/** The ledger kinds of chain deposits: credited automatically, or assigned by an admin (both in FUNDING_KINDS). */
export const CHAIN_CREDIT_KINDS = ['deposit_chain', 'deposit_chain_assigned'] as const;
export type ChainCreditKind = (typeof CHAIN_CREDIT_KINDS)[number];

/** USDT has 6 decimals: one cent is 10,000 units. */
export const UNITS_PER_CENT = 10_000n;

export interface ChainSettings {
  apiUrl: string;
  apiKey: string;
  usdtContract: string;
  /** The shared address of payment requests; '' when only per-user addresses are on. */
  depositAddress: string;
  /** TRON_XPUB: the account key per-user addresses are derived from; '' when they are off. */
  xpub: string;
  pollMs: number;
  windowMin: number;
  /** MIN_DEPOSIT: requests below it are refused, transfers below it go to the unmatched list. */
  minDepositCents: number;
  /** The referral rules in force (a first credited deposit pays the referrer's bonus). */
  referral: ReferralRules;
}

/**
 * The live chain settings, or null when chain deposits are off: no API URL, or neither a deposit address (payment
 * requests) nor an account key (per-user addresses).
 */
export function chainSettings(settings: Pick<SettingsStore, 'get'>): ChainSettings | null {
  const apiUrl = settings.get('tronApiUrl');
  const depositAddress = settings.get('depositAddress');
  const xpub = settings.get('tronXpub');
  if (!apiUrl || (!depositAddress && !xpub)) return null;
  return {
    apiUrl,
    apiKey: settings.get('tronApiKey'),
    usdtContract: settings.get('usdtContract'),
    depositAddress,
    xpub,
    pollMs: Number(settings.get('tronPollMs')),
    windowMin: Number(settings.get('depositWindowMin')),
    minDepositCents: settings.get('minDeposit'),
    referral: referralRules(settings),
  };
}

export const iso = (d: Date | string) => new Date(d).toISOString();

/** Whole cents of a token value, or null when it is not a positive whole number of cents (or too large). */
export function wholeCents(value: string): number | null {
  const v = BigInt(value);
  if (v <= 0n || v % UNITS_PER_CENT !== 0n) return null;
  const cents = v / UNITS_PER_CENT;
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}

/** The whole cents in a token value, rounded down (per-user addresses: a fraction of a cent stays on the address). */
export function floorCents(value: string): number | null {
  const cents = BigInt(value) / UNITS_PER_CENT;
  return cents <= 0n || cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}
