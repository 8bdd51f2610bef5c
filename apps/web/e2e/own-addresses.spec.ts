// Every user their own deposit address, in the browser: the super admin sets TRON_XPUB (an account key
// of a test mnemonic) and points TRON_API_URL at the TronGrid stand-in (apps/server/test/tron-standin.ts, run by
// this test, answering the contract events call); a user sees their own address with its QR code, a copy button,
// the minimum and "any amount", at 360 px in English and Arabic, light and dark, axe clean; the stand-in confirms
// a transfer of any amount to it and the credit appears without a reload (the notification stream re-reads the
// page's data). An admin sees the "Deposit addresses" desk. The settings go back to what they were at the end.
import type { Browser, Page } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { SADMIN, api, expect, expectAccessible, loginViaApi, signUpViaApi, test } from './fixtures';
import { TronStandIn, usdtUnits } from '../../server/test/tron-standin';

const PHONE = { width: 360, height: 780 };
const XPUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(29)).derive("m/44'/195'/0'").publicExtendedKey;

let chain: TronStandIn;

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 60)} "${(e.textContent ?? '').slice(0, 40)}"`),
  }));
  expect(widths.doc, `page is ${widths.doc}px wide in a ${widths.view}px viewport: ${widths.wide.join(' | ')}`).toBeLessThanOrEqual(widths.view);
}

async function asSuperAdmin(browser: Browser, settings: Record<string, string>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaApi(page, SADMIN.email, SADMIN.password);
  const res = await api(page.request, 'PUT', '/settings', settings);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  chain = await new TronStandIn().start();
  await asSuperAdmin(browser, { tronApiUrl: chain.url, tronPollMs: '300', tronXpub: XPUB });
});

test.afterAll(async ({ browser }) => {
  // The other journeys expect the manual flow.
  await asSuperAdmin(browser, { tronApiUrl: '', tronPollMs: '15000', tronXpub: '' });
  await chain?.stop();
});

const TEXT = {
  en: { title: 'Your deposit address', any: 'Any amount from the minimum up is credited to your balance after the network confirms it.', credited: 'Credited to your balance', copy: 'Copy address' },
  ar: { title: 'عنوان الإيداع الخاص بك', any: 'يُضاف إلى رصيدك أي مبلغ من الحد الأدنى فما فوق بعد أن تؤكده الشبكة.', credited: 'أُضيفت إلى رصيدك', copy: null },
} as const;

for (const lang of ['en', 'ar'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the user's own address with its QR code, any amount credited without a reload (${lang}, ${theme}, 360 px)`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: PHONE, locale: lang === 'ar' ? 'ar-AE' : 'en-US' });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      try {
        await signUpViaApi(page);
        if (lang === 'ar') expect((await api(page.request, 'PUT', '/user/language', { language: 'ar' })).status).toBe(200);
        await page.goto('/user/deposit');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const card = page.getByTestId('own-address');
        await expect(card.getByRole('heading', { name: TEXT[lang].title })).toBeVisible();
        const address = page.getByTestId('own-address-text');
        await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
        await expect(card).toContainText(TEXT[lang].any);
        await expect(page.getByTestId('own-address-minimum')).toContainText('USDT');
        if (TEXT[lang].copy) await expect(card.getByRole('button', { name: TEXT[lang].copy })).toBeVisible();
        // No payment request and nothing to paste.
        await expect(page.getByTestId('payment-request')).toHaveCount(0);
        await noSidewaysScroll(page);
        await expectAccessible(page);

        // A reload would lose this mark.
        await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
        chain.feed({ to: (await address.textContent())!, value: usdtUnits('19.00') });
        const deposits = page.getByTestId('own-address-deposits');
        await expect(deposits).toContainText('19.00', { timeout: 12_000 });
        await expect(deposits).toContainText(TEXT[lang].credited, { timeout: 12_000 });
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
        await noSidewaysScroll(page);
        await expectAccessible(page);

        // The package page says how much to send for the chosen package.
        await page.goto('/user/package?vip=2');
        await expect(page.getByTestId('own-address-package')).toContainText('20.00 USDT');
        await noSidewaysScroll(page);
      } finally {
        await context.close();
      }
    });
  }
}

test('the admin desk "Deposit addresses": the users’ addresses, the total since the last sweep, the CSV link (360 px, axe clean)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  try {
    await loginViaApi(page, SADMIN.email, SADMIN.password);
    await page.goto('/admin/deposit-addresses');
    await expect(page.getByRole('heading', { name: 'Deposit addresses', level: 1 })).toBeVisible();
    await expect(page.getByTestId('deposit-address-row').first()).toBeVisible();
    await expect(page.getByTestId('deposit-addresses-summary')).toContainText('USDT');
    await expect(page.getByRole('link', { name: 'Download CSV to sweep' })).toHaveAttribute('href', '/api/v1/deposit/addresses.csv');
    await noSidewaysScroll(page);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
