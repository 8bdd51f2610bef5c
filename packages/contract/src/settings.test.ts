import { describe, expect, test } from 'vitest';
import { SETTINGS, SETTINGS_MSG, SETTING_NAMES, settingsToJson, settingsUpdateBody, type SettingsStored } from './settings.js';

describe('the settings registry', () => {
  test('each setting is named after its environment variable in camelCase', () => {
    for (const name of SETTING_NAMES) {
      const camel = SETTINGS[name].env.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
      expect(camel).toBe(name);
    }
  });

  test('amounts: 0 or up to 2 decimals, stored as cents, sent back as numbers', () => {
    const p = SETTINGS.subscriptionPrice.schema;
    expect(p.parse(0)).toBe(0);
    expect(p.parse('0.00')).toBe(0);
    expect(p.parse('12.5')).toBe(1250);
    expect(p.parse(1_000_000)).toBe(100_000_000);
    for (const bad of [-1, '1.005', 1_000_000.01, 'NaN', '', null, true, '1e3']) expect(p.safeParse(bad).success, String(bad)).toBe(false);
    // Only the two amounts matter here; a cast keeps this line unchanged when a setting is added to the registry.
    expect(settingsToJson({ subscriptionPrice: 1250, subscriptionMinBalance: 1200 } as SettingsStored)).toMatchObject({
      subscriptionPrice: 12.5,
      subscriptionMinBalance: 12,
    });
  });

  test('withdrawal rules: the fee percentage is stored in basis points (0–100 %), the hold in whole hours up to 720', () => {
    const pct = SETTINGS.withdrawFeePercent.schema;
    expect(pct.parse('2.5')).toBe(250);
    expect(pct.parse(0)).toBe(0);
    expect(pct.parse(100)).toBe(10_000);
    for (const bad of [100.01, -1, '1.005', 'x']) expect(pct.safeParse(bad).error?.issues[0].message, String(bad)).toBe(SETTINGS_MSG.withdrawFeePercent);
    expect(settingsToJson({ withdrawFeePercent: 250 } as SettingsStored)).toMatchObject({ withdrawFeePercent: 2.5 });
    expect(SETTINGS.withdrawNewAddressHoldHours.schema.parse('24')).toBe(24);
    expect(SETTINGS.withdrawNewAddressHoldHours.schema.safeParse(721).success).toBe(false);
    expect(SETTINGS.withdrawProofRequired.schema.safeParse('always').success).toBe(false);
  });

  test('texts: a TRC20 address or empty, an e-mail (lower-cased), a phone; control characters refused', () => {
    expect(SETTINGS.depositAddress.schema.parse(' TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE ')).toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(SETTINGS.depositAddress.schema.parse('')).toBe('');
    expect(SETTINGS.depositAddress.schema.safeParse('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSl').success).toBe(false); // l is not base58
    expect(SETTINGS.supportEmail.schema.parse('Help@Example.com')).toBe('help@example.com');
    expect(SETTINGS.supportEmail.schema.safeParse('help\u0000@example.com').success).toBe(false);
    expect(SETTINGS.supportPhone.schema.parse('+1 (555) 010-0200')).toBe('+1 (555) 010-0200');
    for (const bad of ['', '12', 'call us', '+971\n4000000']) expect(SETTINGS.supportPhone.schema.safeParse(bad).success, bad).toBe(false);
  });

  test('the contact address: one line in any script, kept as typed; line breaks, markup and hidden characters refused', () => {
    const a = SETTINGS.supportAddress.schema;
    expect(a.parse(' Office 12, Example Tower, Dubai ')).toBe('Office 12, Example Tower, Dubai');
    expect(a.parse('مكتب 12، برج المثال، دبي')).toBe('مكتب 12، برج المثال، دبي');
    expect(a.parse('Unit 4/B (2nd floor), 17 Rue d’Arc – Paris')).toBe('Unit 4/B (2nd floor), 17 Rue d’Arc – Paris');
    for (const bad of ['', 'abc', 'Office 12\nDubai', '<b>Office</b> 12', 'Office\u200e 12, Dubai', 'x'.repeat(201), 'mail@example.com'])
      expect(a.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  test('counts: a whole number from 0, as a JSON number or its digits, sent back as a number', () => {
    const c = SETTINGS.signupLimitPerHour.schema;
    expect(c.parse(0)).toBe(0);
    expect(c.parse(' 20 ')).toBe(20);
    for (const bad of [-1, 2.5, '2.5', '1e3', '', 'ten', null, 1_000_001]) expect(c.safeParse(bad).success, String(bad)).toBe(false);
    expect(settingsToJson({ signupLimitPerHour: 20 } as SettingsStored)).toMatchObject({ signupLimitPerHour: 20 });
  });

  test('PUT /settings body: any subset, unknown fields dropped, at least one setting', () => {
    expect(settingsUpdateBody.parse({ supportPhone: '+971 4 000 0000', role: 'SADMIN' })).toEqual({ supportPhone: '+971 4 000 0000' });
    const empty = settingsUpdateBody.safeParse({ role: 'SADMIN' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe(SETTINGS_MSG.empty);
  });
});
