import { describe, expect, it } from 'vitest';
import { createToastRules, NOTICE_TOAST_ID, SAME_EVENT_MS } from './toast-rules';

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => void (at += ms) };
}

describe('one toast per event: an action and its own notification', () => {
  it('a notification of the own action that arrives while the call runs shows no toast', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    const ended = rules.actionStarted();
    expect(rules.notice('transfer_sent')).toBe(false);
    ended();
    expect(rules.answer('POST /point/transfer', true)).toEqual({ id: undefined, takeDown: [] });
  });

  it('a notification that arrives just after the answer shows no toast; long after, it does', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    rules.answer('POST /withdraw', true);
    c.pass(2_000);
    expect(rules.notice('withdrawal_requested')).toBe(false);
    c.pass(SAME_EVENT_MS);
    expect(rules.notice('withdrawal_requested')).toBe(true);
  });

  it('a notification that came first is replaced in place by the answer', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    expect(rules.notice('two_factor_enabled')).toBe(true);
    c.pass(300);
    expect(rules.answer('2fa', true).id).toBe(NOTICE_TOAST_ID);
    // Only once: the next answer is a toast of its own.
    expect(rules.answer('2fa', true).id).toBeUndefined();
  });

  it('news is always told, even while an action runs', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    rules.actionStarted();
    expect(rules.notice('transfer_received')).toBe(true);
    expect(rules.notice('deposit_credited')).toBe(true);
  });

  it("news that took the notification toast's place is not replaced by an answer", () => {
    const c = clock();
    const rules = createToastRules(c.now);
    expect(rules.notice('passkey_added')).toBe(true);
    expect(rules.notice('transfer_received')).toBe(true);
    expect(rules.answer('passkey', true).id).toBeUndefined();
  });

  it('a refusal does not silence a later notification of the same kind', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    rules.answer('POST /point/transfer', false);
    expect(rules.notice('transfer_sent')).toBe(true);
    // ...nor does it replace a notification on screen.
    expect(rules.answer('POST /point/transfer', false).id).toBeUndefined();
  });

  it('a finished action counts once, however often its end is reported', () => {
    const c = clock();
    const rules = createToastRules(c.now);
    const first = rules.actionStarted();
    const second = rules.actionStarted();
    first();
    first();
    expect(rules.notice('transfer_sent')).toBe(false);
    second();
    expect(rules.notice('transfer_sent')).toBe(true);
  });
});

describe("a form's success takes down its earlier errors", () => {
  it('takes down every error of the same form, once', () => {
    const rules = createToastRules(clock().now);
    rules.failed('POST /point/transfer', 'e1');
    rules.failed('POST /point/transfer', 'e2');
    rules.failed('POST /point/transfer', 'e2');
    expect(rules.answer('POST /point/transfer', true).takeDown).toEqual(['e1', 'e2']);
    expect(rules.answer('POST /point/transfer', true).takeDown).toEqual([]);
  });

  it("leaves another form's errors, and an error answer takes nothing down", () => {
    const rules = createToastRules(clock().now);
    rules.failed('POST /withdraw', 'w1');
    rules.failed('POST /point/transfer', 't1');
    expect(rules.answer('POST /point/transfer', false).takeDown).toEqual([]);
    expect(rules.answer('POST /point/transfer', true).takeDown).toEqual(['t1']);
    expect(rules.answer('POST /withdraw', true).takeDown).toEqual(['w1']);
  });
});
