// All configuration comes from the environment (optionally a .env file), validated once at start.
// A bad value stops the start with a message naming the variable.
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_DEPOSIT_WINDOW_MIN, DEFAULT_SUPPORT_ADDRESS, DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE, DEFAULT_TRON_POLL_MS, DEFAULT_USDT_CONTRACT, SETTINGS, trimTrailingSlashes, type SettingName } from '@app/contract';

const boolish = z
  .enum(['', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A platform setting's first-start value, validated by the setting's own schema from the contract. */
const settingVar = <K extends SettingName>(name: K, fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v))
    .pipe(SETTINGS[name].schema as unknown as z.ZodType<z.output<(typeof SETTINGS)[K]['schema']>, string>);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL or empty'),
  APP_URL: z.string().default('').refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'must be an http(s) URL such as https://points.example.com'),
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().default('USDT Points <no-reply@localhost>'),
  ADMIN_EMAIL: z.string().default(''),
  ADMIN_PASSWORD: z.string().default(''),
  // Platform settings: these variables only seed them on the first start (settings/store.ts).
  DEPOSIT_ADDRESS: settingVar('depositAddress', ''),
  SUPPORT_EMAIL: settingVar('supportEmail', DEFAULT_SUPPORT_EMAIL),
  SUPPORT_PHONE: settingVar('supportPhone', DEFAULT_SUPPORT_PHONE),
  SUPPORT_ADDRESS: settingVar('supportAddress', DEFAULT_SUPPORT_ADDRESS),
  SUBSCRIPTION_PRICE: settingVar('subscriptionPrice', '0.00'),
  SUBSCRIPTION_MIN_BALANCE: settingVar('subscriptionMinBalance', '12.00'),
  // Deposits confirmed on the Tron chain; TRON_API_URL empty keeps the manual approval.
  TRON_API_URL: settingVar('tronApiUrl', ''),
  TRON_API_KEY: settingVar('tronApiKey', ''),
  USDT_CONTRACT: settingVar('usdtContract', DEFAULT_USDT_CONTRACT),
  TRON_POLL_MS: settingVar('tronPollMs', String(DEFAULT_TRON_POLL_MS)),
  DEPOSIT_WINDOW_MIN: settingVar('depositWindowMin', String(DEFAULT_DEPOSIT_WINDOW_MIN)),
  // Per-user deposit addresses: an account-level extended PUBLIC key; empty keeps payment requests.
  TRON_XPUB: settingVar('tronXpub', ''),
  ADMIN_2FA: settingVar('admin2fa', 'optional'),
  // Withdrawal rules (settings); the defaults keep the product's first behaviour.
  WITHDRAW_MIN: settingVar('withdrawMin', '0.01'),
  WITHDRAW_MAX: settingVar('withdrawMax', '0'),
  WITHDRAW_FEE_FIXED: settingVar('withdrawFeeFixed', '0'),
  WITHDRAW_FEE_PERCENT: settingVar('withdrawFeePercent', '0'),
  WITHDRAW_DAILY_LIMIT: settingVar('withdrawDailyLimit', '0'),
  WITHDRAW_NEW_ADDRESS_HOLD_HOURS: settingVar('withdrawNewAddressHoldHours', '0'),
  WITHDRAW_FOUR_EYES_ABOVE: settingVar('withdrawFourEyesAbove', '0'),
  WITHDRAW_PROOF_REQUIRED: settingVar('withdrawProofRequired', 'optional'),
  REFERRAL_LEVELS: settingVar('referralLevels', '10,5,3'),
  REFERRAL_FIRST_DEPOSIT_BONUS: settingVar('referralFirstDepositBonus', '1.00'),
  REFERRAL_BONUS_MIN_DEPOSIT: settingVar('referralBonusMinDeposit', '12.00'),
  // The smallest deposit accepted (requests, claims; smaller transfers go to the unmatched list). A setting.
  MIN_DEPOSIT: settingVar('minDeposit', '0.01'),
  // Identity checks (modules/kyc): which withdrawals need a verified user, and how long documents are kept. Settings.
  KYC_REQUIRED: settingVar('kycRequired', 'off'),
  KYC_THRESHOLD: settingVar('kycThreshold', '0.00'),
  KYC_DOCUMENT_RETENTION_DAYS: settingVar('kycDocumentRetentionDays', '0'),
  TRUST_PROXY: z.string().default(''),
  // Accounts one client address may create per hour; 0 turns the limit off (load tests, test suites). A setting.
  SIGNUP_LIMIT_PER_HOUR: settingVar('signupLimitPerHour', '20'),
  // Notification e-mails each instance sends per second at most; 0 turns the limit off (decision 023). A setting.
  EMAIL_RATE_LIMIT: settingVar('emailRateLimit', '20'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  // Who may read GET /metrics (docs/security.md#metrics): addresses or CIDR ranges, comma-separated ("none": no
  // address, the token only), and a bearer token that is accepted from anywhere.
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? '127.0.0.1,::1' : v.trim()))
    .refine((v) => v === 'none' || v.split(',').every((a) => isAddressOrRange(a.trim())), 'must be IP addresses or CIDR ranges (e.g. 10.0.0.0/8), comma-separated, or none'),
  METRICS_TOKEN: z.string().default('').refine((v) => v === '' || (v.length >= 16 && !/\s/.test(v)), 'must be at least 16 characters without spaces, or empty'),
  WEB_DIST: z.string().default(''),
  COOKIE_SECURE: z.string().default('').pipe(boolish),
});

/** `10.1.2.3`, `::1`, `10.0.0.0/8`, `fd00::/8`: an address, or a range with a prefix length its family allows. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Config = z.infer<typeof envSchema> & { secure: boolean };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const cfg = parsed.data;
  if (cfg.ADMIN_EMAIL && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cfg.ADMIN_EMAIL)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL: must be an e-mail address');
  }
  if (cfg.ADMIN_PASSWORD && (cfg.ADMIN_PASSWORD.length < 8 || cfg.ADMIN_PASSWORD.length > 128)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: must be 8-128 characters');
  }
  // Unset APP_URL: the local address this instance serves on.
  const appUrl = trimTrailingSlashes(cfg.APP_URL || `http://localhost:${cfg.PORT}`);
  return { ...cfg, APP_URL: appUrl, secure: appUrl.startsWith('https:') || cfg.COOKIE_SECURE };
}

/** Reads a .env file into process.env without overriding variables already set. */
export async function loadDotEnv(path = '.env'): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    const value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    if (process.env[m[1]] === undefined) process.env[m[1]] = value;
  }
}
