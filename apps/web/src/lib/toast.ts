// The spec's pattern for auth calls: a loading toast, replaced in place by the server's answer.
import toast from 'react-hot-toast';
import { errorMessage, type ApiEnvelope } from './api-error';

export async function withToast<T extends ApiEnvelope>(
  call: () => Promise<{ data: T }>,
  texts: { loading: string; success: string; error: string },
): Promise<T | null> {
  const id = toast.loading(texts.loading);
  try {
    const { data } = await call();
    toast.success(data.message || texts.success, { id });
    return data;
  } catch (err) {
    toast.error(errorMessage(err, texts.error), { id });
    return null;
  }
}
