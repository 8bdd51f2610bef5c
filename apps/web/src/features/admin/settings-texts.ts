// The settings page's texts that come from the shared contract (packages/contract/src/settings.ts and the chain
// settings of chain-deposits.ts): each setting's label and help, the choices of a list, and the messages of the
// schemas the form checks with before sending. They are shown through t() of the contract's English text, so each
// is written here once more, word for word, as a msg() id the i18n check can see (its Arabic is in
// locales/ar/app.admin.json). settings-texts.test.ts fails when the contract says something this table does not.
import { SETTINGS, SETTINGS_MSG } from '@app/contract';
import { msg, t } from '../../lib/i18n';

export const SETTING_TEXTS = [
  // Labels and help, in the order of SETTINGS.
  msg('Deposit address'),
  msg('The Tron (TRC20) address users send USDT to, shown with its QR code on the deposit page. Empty turns deposits off.'),
  msg('Tron API URL'),
  msg(
    'A TronGrid-compatible HTTP API (such as https://api.trongrid.io) that confirms deposits on the chain. Empty: deposits are approved by hand, as before.',
  ),
  msg('Tron API key'),
  msg(
    'Sent as the TRON-PRO-API-KEY header when set. Shown masked (its last 4 characters); type a new key to replace it, or empty the field to remove it.',
  ),
  msg('USDT contract'),
  msg('The TRC20 token contract whose transfers are credited (USDT on the Tron main network by default).'),
  msg('Tron poll interval (ms)'),
  msg('How often the chain is read for new deposits, in milliseconds.'),
  msg('Deposit account key (xpub)'),
  msg(
    'The extended PUBLIC key of a Tron wallet account (m/44’/195’/0’). When set with the Tron API URL, every user gets their own deposit address (m/44’/195’/0’/0/n) and any amount from the minimum up is credited. Never enter a private key. Empty: payment requests with exact amounts.',
  ),
  msg('Deposit window (minutes)'),
  msg('How long a payment request waits for its transfer before it expires.'),
  msg('Minimum deposit'),
  msg(
    'The smallest deposit accepted: payment requests and deposit forms below it are refused, and a smaller transfer that arrives anyway waits in the unmatched list. 0.01 by default (the spec’s); raise it before going live.',
  ),
  msg('Subscription price'),
  msg('Points charged when a user activates the subscription.'),
  msg('Subscription minimum balance'),
  msg('The balance a user needs to activate the subscription.'),
  msg('Support e-mail'),
  msg('Shown in the footer, on the contact page and where users are told to ask for help.'),
  msg('Support phone'),
  msg('Shown in the footer and on the contact page.'),
  msg('Contact address'),
  msg('The postal address on the contact page, on one line (such as "Office 12, Example Tower, Dubai, United Arab Emirates").'),
  msg('Sign-ups per address and hour'),
  msg('Accounts one client address may create per hour; the next sign-up is refused (429). 0 turns the limit off.'),
  msg('E-mails per second'),
  msg(
    'How many notification e-mails each running instance sends per second at most (your mail provider’s sending rate). A burst waits its turn in the queue instead of taking the server’s time from payments. 0 turns the limit off.',
  ),
  msg('Two-factor sign-in for admins'),
  msg(
    '"required": an admin or super admin without two-factor sign-in is refused every admin page and call until they set it up; "optional": their choice.',
  ),
  msg('Referral commission levels (%)'),
  msg(
    'The share of each video reward paid to the earner’s referrer, that referrer’s referrer, and so on up, in percent, separated by commas (up to 10 levels). 0 turns a level off.',
  ),
  msg('Referral first-deposit bonus'),
  msg('Points paid to a user’s direct referrer when that user’s first deposit is credited. 0 turns the bonus off.'),
  msg('Referral bonus minimum deposit'),
  msg(
    'The first deposit must be at least this much for the referrer to get the first-deposit bonus (a smaller first deposit pays none, ever); the bonus never exceeds the deposit. 12.00 by default, the cheapest package.',
  ),
  msg('Minimum withdrawal'),
  msg('The smallest withdrawal a user may ask for. 0.01 by default (the product’s).'),
  msg('Maximum withdrawal'),
  msg('The largest single withdrawal. 0: no maximum.'),
  msg('Withdrawal fee (fixed)'),
  msg('Taken from each withdrawal when it is requested (to the platform’s fee account), returned if the request is deleted. 0: none.'),
  msg('Withdrawal fee (%)'),
  msg('A percentage of each withdrawal taken as a fee, added to the fixed fee (rounded to the cent). 0: none.'),
  msg('Withdrawal limit per user and 24 hours'),
  msg('The most one user may ask to withdraw over any 24 hours (deleted requests do not count). 0: no limit.'),
  msg('New payout address hold (hours)'),
  msg(
    'A withdrawal to an address this user was never paid at before cannot be marked paid until this many hours after the request; the user is told when. 0: off.',
  ),
  msg('Second admin approval above'),
  msg('A withdrawal larger than this needs the approval of a second admin, other than the one marking it paid. 0: off.'),
  msg('Payout proof on the chain'),
  msg(
    '"required": a withdrawal is marked paid only with its payout transaction id, checked on the chain (the Tron API must be set); "optional": the admin may attach it.',
  ),
  msg('Identity check for withdrawals'),
  msg(
    '"off": withdrawals need no identity check; "withdrawals": every withdrawal request needs a verified user; "withdrawals_above": only requests above the identity check threshold do.',
  ),
  msg('Identity check threshold'),
  msg('With "withdrawals_above": a withdrawal request above this amount needs a verified user.'),
  msg('Identity document retention (days)'),
  msg(
    'The documents of a verified user are deleted this many days after the decision; the decision and who made it are kept. 0 keeps them.',
  ),
  // The choices of a list (admin2fa).
  msg('optional'),
  msg('required'),
  // (kycRequired)
  msg('off'),
  msg('withdrawals'),
  msg('withdrawals_above'),
  // The schemas' messages (SETTINGS_MSG, CHAIN_MSG).
  msg('Nothing changed: the settings already have these values'),
  msg('Deposit address must be a Tron (TRC20) address: 34 characters starting with T (or empty to turn deposits off)'),
  msg('Support e-mail must be an e-mail address'),
  msg('Support e-mail must not contain invisible or direction-control characters'),
  msg('Support phone must be 5 to 32 characters: digits, spaces and + ( ) - .'),
  msg('Contact address must be one line of 5 to 200 characters: letters, digits, spaces and , . - / # ( )'),
  msg('Contact address must not contain invisible or direction-control characters'),
  msg('Sign-ups per address and hour must be a whole number of accounts from 0 (no limit) to 1,000,000'),
  msg('E-mails per second must be a whole number from 0 (no limit) to 10,000'),
  msg('Two-factor sign-in for admins must be "required" or "optional"'),
  msg('Withdrawal fee (%) must be a percentage from 0 to 100 with at most 2 decimals'),
  msg('New-address hold must be a whole number of hours from 0 (off) to 720'),
  msg('Payout proof must be "required" or "optional"'),
  msg('Identity check for withdrawals must be "off", "withdrawals" or "withdrawals_above"'),
  msg('Identity document retention must be a whole number of days from 0 (keep them) to 36,500'),
  msg(
    'Referral levels must be 1 to 10 percentages separated by commas (such as 10,5,3), each 0 to 100 with at most 2 decimals, adding up to at most 100',
  ),
  msg('Tron API URL must be empty or an http(s) address such as https://api.trongrid.io'),
  msg(
    'Tron API URL must not hold a user name or password (user:pass@) nor point to a link-local or cloud metadata address (169.254.x.x, fe80::)',
  ),
  msg('Tron API key must be empty or 1 to 100 letters, digits and dashes'),
  msg('USDT contract must be a Tron (TRC20) address: 34 characters starting with T'),
  msg('Tron poll interval must be a whole number of milliseconds from 100 to 3600000'),
  msg('Deposit window must be a whole number of minutes from 1 to 1440'),
  msg('TRON_XPUB must be empty or an extended public key (xpub…) of a Tron wallet account'),
  msg(
    'TRON_XPUB must be an extended PUBLIC key (xpub…). This is an extended private key: never give it to the platform; export the account’s xpub from your wallet instead',
  ),
  msg(
    'TRON_XPUB must be the account-level key of the Tron path, m/44’/195’/0’ (depth 3): export the account xpub, not the wallet’s root or an address key',
  ),
] as const;

const KNOWN = new Set<string>(SETTING_TEXTS);

/** SETTINGS_MSG.amount(label), one message for every amount setting: its label is a placeholder. */
export const AMOUNT_MESSAGE = msg('{label} must be 0 or an amount with at most 2 decimals, up to 1,000,000.00');

/**
 * A text of the contract in the current language: t() of the English, which is the id. A text the table does not
 * know (the contract changed and the test was not run) is shown as it is rather than looked up in vain.
 */
export function settingText(text: string): string {
  if (KNOWN.has(text)) return t(text);
  for (const def of Object.values(SETTINGS)) {
    if (def.kind === 'amount' && text === SETTINGS_MSG.amount(def.label)) return t(AMOUNT_MESSAGE, { label: settingText(def.label) });
  }
  return text;
}
