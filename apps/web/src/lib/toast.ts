// The one way into react-hot-toast for the pages: the first toast raised mounts the toaster (toaster-demand.ts),
// so a page load that shows none never runs it (its style injection and first render were the longest task after
// a signed-in page's first paint), and the first load of a public page carries neither.
import hotToast from 'react-hot-toast';
import { errorMessage, type ApiEnvelope } from './api-error';
import { requestToaster } from './toaster-demand';

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

/**
 * The product's pattern for auth calls: a loading toast, replaced in place by the server's answer.
 * `onRefused` hears the refusal too (a form marks the field it is about: components/ui/field-errors.tsx).
 */
export async function withToast<T extends ApiEnvelope>(
  call: () => Promise<{ data: T }>,
  texts: { loading: string; success: string; error: string },
  onRefused?: (err: unknown) => void,
): Promise<T | null> {
  const id = toast.loading(texts.loading);
  try {
    const { data } = await call();
    toast.success(data.message || texts.success, { id });
    return data;
  } catch (err) {
    toast.error(errorMessage(err, texts.error), { id });
    onRefused?.(err);
    return null;
  }
}
