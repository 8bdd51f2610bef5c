// Toasts that tell the truth (docs/product.md#toasts): one toast per event, and a form's success takes down its
// earlier errors. Pure bookkeeping, no toaster: lib/toast.ts asks these rules which id a toast takes and what it
// takes down; the rules are unit-tested on their own (toast-rules.test.ts).

/**
 * Notification kinds a person causes with their own action in this tab: the action's answer (its toast) already
 * tells the event, so the live notification of it shows no second toast. Others (money received, a deposit
 * credited by an admin, a reply) are news and always toast.
 */
export const OWN_ACTION_KINDS: ReadonlySet<string> = new Set([
  'transfer_sent',
  'withdrawal_requested',
  'subscription_activated',
  'two_factor_enabled',
  'two_factor_disabled',
  'passkey_added',
  'passkey_removed',
  'password_changed',
  'new_sign_in',
]);

/**
 * How far apart an action's answer and a notification of its kind may arrive and still be one event. The stream
 * may deliver the notification before or after the HTTP answer; either way they are well within this.
 */
export const SAME_EVENT_MS = 15_000;

/** The id the live notification's toast takes: a burst replaces it, and an action's answer can replace it. */
export const NOTICE_TOAST_ID = 'notification-arrived';

export interface ToastRules {
  /** An action's call starts (its answer will be a toast); call the returned function when it has answered. */
  actionStarted(): () => void;
  /**
   * A form's answer is about to show (`ok`: a success). Gives the id to show it under when it replaces a toast
   * telling the same event (a notification that came first), and the form's earlier error toasts to take down.
   */
  answer(form: string | undefined, ok: boolean): { id?: string; takeDown: string[] };
  /** A form's error toast is on screen under `id`. */
  failed(form: string, id: string): void;
  /** A live notification of `kind` arrived: show it (under NOTICE_TOAST_ID), or not (an action tells it). */
  notice(kind: string): boolean;
}

export function createToastRules(now: () => number = Date.now): ToastRules {
  let pending = 0;
  let lastAnswerAt = -Infinity;
  /** When the last toast of an own-action notification was shown (it is still NOTICE_TOAST_ID's). */
  let ownNoticeAt = -Infinity;
  const errors = new Map<string, string[]>();

  return {
    actionStarted() {
      pending += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
      };
    },
    answer(form, ok) {
      const at = now();
      // Only a success tells an event (a refused action caused none).
      if (ok) lastAnswerAt = at;
      const replacesNotice = ok && at - ownNoticeAt < SAME_EVENT_MS;
      if (replacesNotice) ownNoticeAt = -Infinity;
      const takeDown = ok && form ? (errors.get(form) ?? []) : [];
      if (ok && form) errors.delete(form);
      return { id: replacesNotice ? NOTICE_TOAST_ID : undefined, takeDown };
    },
    failed(form, id) {
      const ids = errors.get(form) ?? [];
      if (!ids.includes(id)) errors.set(form, [...ids, id]);
    },
    notice(kind) {
      if (!OWN_ACTION_KINDS.has(kind)) {
        ownNoticeAt = -Infinity; // news took the notice's place: an answer no longer replaces it
        return true;
      }
      const at = now();
      if (pending > 0 || at - lastAnswerAt < SAME_EVENT_MS) return false;
      ownNoticeAt = at;
      return true;
    },
  };
}
