// Deposits confirmed on the Tron chain (decision 013): payment requests with an exact amount, the unmatched transfers
// admins resolve, the poller's health, and the settings that turn it on (TRON_API_URL empty = the manual flow).
import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.js';
import { closedAccountsQuery } from './closed-accounts.js';
import { LIMITS } from './constants.js';
import { amountCents } from './money.js';
import { ONE_LINE_REFUSED, trimTrailingSlashes } from './text.js';
import { parseAccountXpub } from './xpub.js';

/** TRON address pattern (duplicated from settings.ts would be a cycle: settings.ts imports this file). */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
// Controls, bidi and zero-width characters: a Tron API URL or an e-mail holding one is refused.
const CONTROL = ONE_LINE_REFUSED;

export const DEFAULT_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const DEFAULT_TRON_POLL_MS = 15_000;
export const DEFAULT_DEPOSIT_WINDOW_MIN = 60;
/** A payment request's payAmount is its amount plus 0.00 … 0.99: at most this many open requests share an amount. */
export const PAY_AMOUNT_SLOTS = 100;

export const CHAIN_MSG = {
  tronApiUrl: 'Tron API URL must be empty or an http(s) address such as https://api.trongrid.io',
  tronApiUrlUnsafe:
    'Tron API URL must not hold a user name or password (user:pass@) nor point to a link-local or cloud metadata address (169.254.x.x, fe80::)',
  tronApiKey: 'Tron API key must be empty or 1 to 100 letters, digits and dashes',
  usdtContract: 'USDT contract must be a Tron (TRC20) address: 34 characters starting with T',
  tronPollMs: 'Tron poll interval must be a whole number of milliseconds from 100 to 3600000',
  depositWindowMin: 'Deposit window must be a whole number of minutes from 1 to 1440',
  notEnabled: 'Deposits confirmed on the chain are not turned on; send the transaction ID with the deposit form',
  allTaken: (amount: string) =>
    `All ${PAY_AMOUNT_SLOTS} payment amounts for ${amount} USDT are taken by open requests right now. Try again in a few minutes or choose another amount.`,
  tooManyOpen: 'You already have 3 open payment requests. Pay one of them or wait until one expires.',
  requestCreated: 'Send exactly the amount shown to the address below',
  requestFound: 'Payment request',
  requestNotFound: 'Payment request not found',
  accountClosed: 'This account is closed',
  // Pasted transaction ids, checked on the chain.
  notSolid: 'Your transaction is not confirmed on the chain yet. It is checked again automatically and credited once it is confirmed; no need to send it again.',
  reverted: 'This transaction failed on the chain (it was reverted), so no USDT arrived. Nothing was credited.',
  notUsdt: 'This transaction did not send USDT (TRC20). Only USDT on the Tron network can be credited.',
  wrongRecipient: 'This transaction did not send USDT to our deposit address. Nothing was credited.',
  credited: 'Deposit confirmed on the chain and credited',
  held: 'This transaction does not match any of your payment requests. It has been passed to our team, who will check it and credit it to the account that paid it.',
  alreadyCredited: 'This transaction has already been credited',
  chainUnavailable: 'We could not reach the Tron network just now. Please try again in a minute.',
  // Per-user deposit addresses.
  tronXpub: 'TRON_XPUB must be empty or an extended public key (xpub…) of a Tron wallet account',
  tronXpubPrivate:
    'TRON_XPUB must be an extended PUBLIC key (xpub…). This is an extended private key: never give it to the platform; export the account’s xpub from your wallet instead',
  tronXpubDepth: 'TRON_XPUB must be the account-level key of the Tron path, m/44’/195’/0’ (depth 3): export the account xpub, not the wallet’s root or an address key',
  addressesOff: 'Your own deposit address is not turned on; use a payment request',
  addressFound: 'Your deposit address',
  addressList: 'Deposit addresses fetched successfully',
  sweepMarked: 'Sweep recorded: totals start again from then',
  sweepAt: 'Sweep time must be a date and time (ISO 8601), not in the future',
  // Admin.
  unmatchedList: 'Unmatched deposits fetched successfully',
  transferNotFound: 'Transfer not found',
  notUnmatched: 'This transfer has already been credited or dismissed',
  notUsdtAssign: 'This transfer is not USDT to the deposit address; it can only be dismissed',
  fractionAssign: 'This transfer is not a whole number of cents; it can only be dismissed',
  failedAssign: 'This transfer did not go through on the chain (reverted, or not in its transaction’s log); it can only be dismissed',
  uncheckedAssign: 'This transfer is not confirmed on the chain yet; try again after the next check',
  userNotFound: 'No user with that e-mail',
  assigned: 'Transfer credited to the user',
  dismissed: 'Transfer dismissed',
  emailRequired: 'Enter the e-mail of the user to credit',
  emailInvalid: 'Enter the e-mail address of the user to credit',
} as const;

/**
 * A link-local address as the WHATWG URL parser spells a host (it has already turned 2852039166, 0xa9fea9fe and
 * 0251.0376.0251.0376 into dotted decimal, and an IPv6 literal into its short lower-case form): 169.254.0.0/16 (the
 * cloud metadata service at 169.254.169.254 among them), fe80::/10, and either inside an IPv4-mapped IPv6 address.
 */
export function isLinkLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  if (!h.startsWith('[')) return false;
  const v6 = h.slice(1, -1);
  if (/^fe[89ab][0-9a-f]:/.test(v6)) return true;
  const mapped = /^(?:0{0,4}:){0,4}:?ffff:(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3})$/.exec(v6);
  if (!mapped) return false;
  if (mapped[3] !== undefined) return mapped[3] === '169' && mapped[4] === '254';
  return parseInt(mapped[1]!, 16) === 0xa9fe;
}

/** Credentials in the URL or a link-local host: refused (the server would send them / reach the metadata service). */
function unsafeApiUrl(v: string): boolean {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return false; // not a URL at all: the shape check above says so
  }
  const authority = v.replace(/^https?:\/\//i, '').split(/[/?#]/)[0] ?? '';
  return url.username !== '' || url.password !== '' || authority.includes('@') || isLinkLocalHost(url.hostname);
}

const urlSetting = z
  .string({ error: CHAIN_MSG.tronApiUrl })
  .trim()
  .max(200, CHAIN_MSG.tronApiUrl)
  .transform((v) => trimTrailingSlashes(v))
  .refine((v) => v === '' || (/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v) && !CONTROL.test(v)), CHAIN_MSG.tronApiUrl)
  .refine((v) => v === '' || !unsafeApiUrl(v), CHAIN_MSG.tronApiUrlUnsafe);

const wholeNumberText = (min: number, max: number, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,8}$/.test(v) && Number(v) >= min && Number(v) <= max, message)
    .transform((v) => String(Number(v)));

/** The settings of chain deposits, spread into SETTINGS (settings.ts). Stored as text; read with `Number()`. */
export const CHAIN_SETTINGS = {
  tronApiUrl: {
    env: 'TRON_API_URL',
    kind: 'text',
    label: 'Tron API URL',
    help: 'A TronGrid-compatible HTTP API (such as https://api.trongrid.io) that confirms deposits on the chain. Empty: deposits are approved by hand, as before.',
    schema: urlSetting,
  },
  tronApiKey: {
    env: 'TRON_API_KEY',
    kind: 'text',
    label: 'Tron API key',
    help: 'Sent as the TRON-PRO-API-KEY header when set. Shown masked (its last 4 characters); type a new key to replace it, or empty the field to remove it.',
    secret: true,
    schema: z
      .string({ error: CHAIN_MSG.tronApiKey })
      .trim()
      .refine((v) => v === '' || /^[A-Za-z0-9-]{1,100}$/.test(v), CHAIN_MSG.tronApiKey),
  },
  usdtContract: {
    env: 'USDT_CONTRACT',
    kind: 'text',
    label: 'USDT contract',
    help: 'The TRC20 token contract whose transfers are credited (USDT on the Tron main network by default).',
    schema: z
      .string({ error: CHAIN_MSG.usdtContract })
      .trim()
      .refine((v) => TRON_ADDRESS.test(v), CHAIN_MSG.usdtContract),
  },
  tronPollMs: {
    env: 'TRON_POLL_MS',
    kind: 'text',
    label: 'Tron poll interval (ms)',
    help: 'How often the chain is read for new deposits, in milliseconds.',
    schema: wholeNumberText(100, 3_600_000, CHAIN_MSG.tronPollMs),
  },
  tronXpub: {
    env: 'TRON_XPUB',
    kind: 'text',
    label: 'Deposit account key (xpub)',
    help: 'The extended PUBLIC key of a Tron wallet account (m/44’/195’/0’). When set with the Tron API URL, every user gets their own deposit address (m/44’/195’/0’/0/n) and any amount from the minimum up is credited. Never enter a private key. Empty: payment requests with exact amounts.',
    schema: z
      .string({ error: CHAIN_MSG.tronXpub })
      .trim()
      .max(200, CHAIN_MSG.tronXpub)
      .superRefine((v, ctx) => {
        if (v === '') return;
        const r = parseAccountXpub(v);
        if (r === 'private') ctx.addIssue({ code: 'custom', message: CHAIN_MSG.tronXpubPrivate });
        else if (r === 'depth') ctx.addIssue({ code: 'custom', message: CHAIN_MSG.tronXpubDepth });
        else if (r !== 'ok') ctx.addIssue({ code: 'custom', message: CHAIN_MSG.tronXpub });
      }),
  },
  depositWindowMin: {
    env: 'DEPOSIT_WINDOW_MIN',
    kind: 'text',
    label: 'Deposit window (minutes)',
    help: 'How long a payment request waits for its transfer before it expires.',
    schema: wholeNumberText(1, 1440, CHAIN_MSG.depositWindowMin),
  },
} as const;

// ---- Payment requests ----

export const depositRequestBody = z.object({
  amount: z
    .unknown()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || v === null || v === '') ctx.addIssue({ code: 'custom', message: 'Amount is required' });
    })
    .pipe(amountCents()),
});

export const DEPOSIT_REQUEST_STATUSES = ['awaiting', 'confirming', 'credited', 'expired'] as const;

export const depositRequestRecord = z.object({
  _id: z.string(),
  amount: z.number(),
  payAmount: z.number(),
  address: z.string(),
  expiresAt: z.string(),
  status: z.enum(DEPOSIT_REQUEST_STATUSES),
  creditedAmount: z.number().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type DepositRequestRecord = z.infer<typeof depositRequestRecord>;

// ---- Admin: unmatched transfers and the poller's health ----

export const unmatchedTransfer = z.object({
  _id: z.string(),
  transactionId: z.string(),
  position: z.number(),
  token: z.string(),
  from: z.string(),
  to: z.string(),
  /** Raw token units (6 decimals for USDT), as text. */
  value: z.string(),
  /** The amount in USDT when it is a whole number of cents, else null. */
  amount: z.number().nullable(),
  blockTime: z.string(),
  reason: z.string(),
  claimedBy: z.array(z.string()),
  createdAt: z.string(),
});
export type UnmatchedTransfer = z.infer<typeof unmatchedTransfer>;

export const chainHealth = z.object({
  enabled: z.boolean(),
  lastPollAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  cursor: z.string().nullable(),
  transfersSeen: z.number(),
  unmatched: z.number(),
});
export type ChainHealth = z.infer<typeof chainHealth>;

export const assignTransferBody = z.object({
  email: z
    .string({ error: CHAIN_MSG.emailRequired })
    .trim()
    .min(1, CHAIN_MSG.emailRequired)
    .max(LIMITS.emailMax, CHAIN_MSG.emailInvalid)
    .refine((v) => EMAIL_PATTERN.test(v) && !CONTROL.test(v), CHAIN_MSG.emailInvalid)
    .transform((v) => v.normalize('NFC').toLowerCase()),
});

/** GET /deposit/unmatched: page and limit, with the same rules as the other admin desks' pages. */
export const unmatchedQuery = closedAccountsQuery;

// ---- Per-user deposit addresses ----

export const OWN_DEPOSIT_STATUSES = ['confirming', 'credited', 'below_minimum', 'refused'] as const;

/** A transfer seen on the chain to the caller's own address. */
export const ownChainDeposit = z.object({
  transactionId: z.string(),
  /** USDT received, in whole cents as a number (a fraction of a cent is not credited). */
  amount: z.number(),
  status: z.enum(OWN_DEPOSIT_STATUSES),
  blockTime: z.string(),
});
export type OwnChainDeposit = z.infer<typeof ownChainDeposit>;

/** GET /deposit/address: the caller's own deposit address, made once from the account key in force. */
export const ownDepositAddress = z.object({
  address: z.string(),
  index: z.number(),
  minDeposit: z.number(),
  deposits: z.array(ownChainDeposit),
});
export type OwnDepositAddress = z.infer<typeof ownDepositAddress>;

export const adminDepositAddress = z.object({
  userId: z.string(),
  email: z.string(),
  index: z.number(),
  address: z.string(),
  /** The account key's id (hash160 of its public key, hex): which xpub the address comes from. */
  keyId: z.string(),
  totalReceived: z.number(),
  sinceSweep: z.number(),
  lastDepositAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDepositAddress = z.infer<typeof adminDepositAddress>;

export const depositAddressesQuery = closedAccountsQuery;

/** POST /deposit/addresses/sweep: when the operator's sweep read the balances (totals count from then on). */
export const sweepMarkBody = z.object({
  at: z
    .string({ error: CHAIN_MSG.sweepAt })
    .max(40, CHAIN_MSG.sweepAt)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && Number.isFinite(Date.parse(v)), CHAIN_MSG.sweepAt),
});
