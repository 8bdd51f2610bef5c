// Two-factor codes in the tests, computed from the secret on the app's injected clock, and 2FA turned on over HTTP.
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Client, TestContext } from './helpers.js';

export const PERIOD_MS = 30_000;

/** The helpers bound to a test file's app (`app` returns it: it is started in a beforeAll). */
export function totpHelpers(app: () => TestContext) {
  /** The code the user's authenticator shows `offsetMs` from the app's clock. */
  const codeAt = (secret: string, offsetMs = 0) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: app().clock.now().getTime() + offsetMs });

  /** Moves the app's clock to the start of the next period (so a test never straddles a period boundary). */
  function nextPeriod() {
    const clock = app().clock;
    clock.advance(PERIOD_MS - (clock.now().getTime() % PERIOD_MS) + 1_000);
  }

  /** Turns 2FA on for a client already in sudo mode: setup, then the first code in a fresh period. */
  async function turn2faOn(client: Client) {
    const setup = await client.post('/api/v1/user/2fa/setup');
    expect(setup.status, setup.text).toBe(200);
    nextPeriod();
    const on = await client.post('/api/v1/user/2fa/enable', { code: codeAt(setup.body.secret) });
    expect(on.status, on.text).toBe(200);
    return { secret: setup.body.secret as string, recoveryCodes: on.body.recoveryCodes as string[] };
  }

  /** Turning 2FA on needs sudo mode: the password re-entered first (signUp's default password). */
  async function enable2fa(client: Client, password = 'correct-horse-9') {
    expect((await client.post('/api/v1/user/reauth', { password })).status).toBe(200);
    return turn2faOn(client);
  }

  return { codeAt, nextPeriod, turn2faOn, enable2fa };
}
