// Account security's constants and messages (security.ts has the schemas): zod-free, so a page that only shows a
// message or counts a code's digits (the login's second step) loads no schema code (docs/product.md#web-client).

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** The second step of a login must follow its password step within this time. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const LOGIN_HISTORY_SIZE = 50;
export const PASSKEY_NAME_MAX = 64;
/**
 * Sudo mode (decision 017): adding or removing a passkey and turning two-factor sign-in on or off need the
 * password (and the second factor when it is on) re-entered in the same session within this time.
 */
export const REAUTH_TTL_MS = 5 * 60 * 1000;

export const SECURITY_MSG = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Enter the current code from your authenticator app.',
  recoveryInvalid: 'That recovery code is not valid or was already used',
  secondStep: 'Enter the code from your authenticator app to finish signing in',
  challengeExpired: 'Your sign-in took too long. Enter your e-mail and password again.',
  setupFirst: 'Start the setup again: no authenticator app is waiting to be confirmed',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.',
  disabled: 'Two-factor sign-in is off',
  adminNeeds2fa: 'Administrators must turn on two-factor sign-in first. Set it up on your security page (/user/security).',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  passkeyRemoved: 'Passkey removed',
  passkeyNotFound: 'Passkey not found',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyName: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters`,
  sessionEnded: 'Session ended',
  othersEnded: 'Your other sessions have ended',
  sessionNotFound: 'Session not found',
  reauthRequired: 'For your security, enter your password again to make this change',
  reauthDone: 'Password confirmed. For the next 5 minutes this session can change how you sign in.',
  passwordRequired: 'Enter your password',
  passwordWrong: 'That password is not correct',
} as const;
