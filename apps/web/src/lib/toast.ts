// The one way into react-hot-toast for the pages: the first toast raised mounts the toaster (toaster-demand.ts),
// so a page load that shows none never runs it (its style injection and first render were the longest task after
// a signed-in page's first paint), and the first load of a public page carries neither.
// Toasts tell the truth (docs/product.md#toasts, rules in toast-rules.ts): a form's answer goes through
// `formToast`, so its success takes down its earlier errors and replaces a notification toast telling the same
// event; the bell's live toasts go through `noticeToast`, which stays quiet when this tab's own action tells it.
import hotToast from 'react-hot-toast';
import { errorMessage, type ApiEnvelope } from './api-error';
import { requestToaster } from './toaster-demand';
import { createToastRules, NOTICE_TOAST_ID } from './toast-rules';

type HotToast = typeof hotToast;
/** Shows `show`'s toast and makes sure a toaster is (about to be) mounted to show it. */
const raising =
  <F extends (...args: never[]) => unknown>(show: F) =>
  (...args: Parameters<F>): ReturnType<F> => {
    requestToaster();
    return show(...args) as ReturnType<F>;
  };

export const toast: HotToast = Object.assign(raising(hotToast), hotToast, {
  success: raising(hotToast.success),
  error: raising(hotToast.error),
  loading: raising(hotToast.loading),
  custom: raising(hotToast.custom),
  promise: raising(hotToast.promise) as HotToast['promise'],
});

const rules = createToastRules();

/** An action's call is under way until the returned function runs: a notification of it meanwhile stays quiet. */
export const actionStarted = () => rules.actionStarted();

/**
 * A form's answer as a toast (`form` names the form, e.g. its request): a success takes down the form's earlier
 * error toasts; `id` shows it in place of a toast already on screen (a loading toast).
 */
export function formToast(form: string, ok: boolean, message: string, id?: string): string {
  const answer = rules.answer(form, ok);
  for (const earlier of answer.takeDown) if (earlier !== id) hotToast.remove(earlier);
  // The answer replaces the notification that told the same event first: in its place, or (a loading toast
  // already holds the answer's place) by taking it down.
  if (id && answer.id) hotToast.remove(answer.id);
  const shownAs = (ok ? toast.success : toast.error)(message, { id: id ?? answer.id });
  if (!ok) rules.failed(form, shownAs);
  return shownAs;
}

/** A live notification's toast (one at a time, a burst replaces it), unless this tab's own action tells it. */
export function noticeToast(kind: string, title: string): void {
  if (rules.notice(kind)) toast(title, { id: NOTICE_TOAST_ID, icon: '🔔' });
}

/**
 * The product's pattern for auth calls: a loading toast, replaced in place by the server's answer (the spec shows
 * an auth call's answer as a toast, a refusal too). `onRefused` hears the refusal as well (a form marks the field
 * it is about: components/ui/field-errors.tsx).
 */
export async function withToast<T extends ApiEnvelope>(
  call: () => Promise<{ data: T }>,
  texts: { loading: string; success: string; error: string },
  onRefused?: (err: unknown) => void,
): Promise<T | null> {
  const id = toast.loading(texts.loading);
  const ended = actionStarted();
  try {
    const { data } = await call();
    ended();
    formToast(texts.loading, true, data.message || texts.success, id);
    return data;
  } catch (err) {
    ended();
    formToast(texts.loading, false, errorMessage(err, texts.error), id);
    onRefused?.(err);
    return null;
  } finally {
    ended();
  }
}
