// docs/product.md#limits: toast durations per type and at most 20 toasts on screen; older ones are dismissed.
import { useEffect } from 'react';
import toast, { Toaster as HotToaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@app/contract';

export function Toaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <HotToaster
      position="top-center"
      toastOptions={{
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
        custom: { duration: TOAST_DURATIONS.custom },
      }}
    />
  );
}
