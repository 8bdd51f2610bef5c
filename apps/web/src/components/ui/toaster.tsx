// docs/product.md#limits: toast durations per type and at most 20 toasts on screen; older ones are dismissed.
// docs/product.md#toasts: on a phone they sit at the bottom, above the tab bar when it is there; they never cover
// a secret shown once (marked `data-keep-clear`: the two-factor key and QR code, the recovery codes): when one is
// where the toasts would be, they move to the other edge, and when it spans both, they wait off screen.
import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import toast, { Toaster as HotToaster, useToasterStore, type ToastPosition } from 'react-hot-toast';
import { TOAST_DURATIONS, TOAST_LIMIT } from '@app/contract';
import { useStoredAuth } from '../../lib/auth-storage';

const PHONE = '(max-width: 767px)';
const subscribePhone = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** The band along an edge that a stack of toasts may take, in px. */
const TOAST_BAND = 160;

type Edge = 'top' | 'bottom' | 'hidden';

/** Which edge leaves every secret on screen uncovered, preferring `preferred`. */
function clearEdge(preferred: 'top' | 'bottom', inset: { top: number; bottom: number }): Edge {
  const height = window.innerHeight;
  const secrets = [...document.querySelectorAll('[data-keep-clear]')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < height);
  const free = (edge: 'top' | 'bottom') =>
    secrets.every((r) =>
      edge === 'top' ? r.top >= inset.top + TOAST_BAND : r.bottom <= height - inset.bottom - TOAST_BAND,
    );
  if (free(preferred)) return preferred;
  const other = preferred === 'top' ? 'bottom' : 'top';
  return free(other) ? other : 'hidden';
}

/** The edge toasts use now: re-checked as the page scrolls, resizes or changes while some are on screen. */
function useClearEdge(active: boolean, preferred: 'top' | 'bottom', inset: { top: number; bottom: number }): Edge {
  const [edge, setEdge] = useState<Edge>(preferred);
  useEffect(() => {
    if (!active) {
      setEdge(preferred);
      return;
    }
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setEdge(clearEdge(preferred, inset)));
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [active, preferred, inset.top, inset.bottom]);
  return edge;
}

export function Toaster() {
  const { toasts } = useToasterStore();
  const phone = useSyncExternalStore(subscribePhone, isPhone);
  const { isLoggedIn } = useStoredAuth();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  // The top bar is 64 px; a signed-in phone has the 64 px tab bar (and the safe area) at the bottom.
  const inset = { top: 64, bottom: phone && isLoggedIn ? 64 : 0 };
  const edge = useClearEdge(toasts.some((t) => t.visible), phone ? 'bottom' : 'top', inset);
  const position: ToastPosition = edge === 'top' ? 'top-center' : 'bottom-center';
  const containerStyle: CSSProperties = {
    top: inset.top + 8,
    bottom: inset.bottom ? `calc(${inset.bottom + 8}px + env(safe-area-inset-bottom))` : 16,
    ...(edge === 'hidden' ? { visibility: 'hidden' } : {}),
  };
  return (
    <HotToaster
      position={position}
      containerStyle={containerStyle}
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
