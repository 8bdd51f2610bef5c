// The one way into react-hot-toast for the pages: importing it also mounts the toaster (toaster-demand.ts),
// so the first load of a public page carries neither.
import toast from 'react-hot-toast';
import { errorMessage, type ApiEnvelope } from './api-error';
import { requestToaster } from './toaster-demand';

requestToaster();

export { toast };

/**
 * The spec's pattern for auth calls: a loading toast, replaced in place by the server's answer.
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
