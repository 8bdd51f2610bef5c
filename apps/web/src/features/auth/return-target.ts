// Where signing in or signing up lands: the page that sent the visitor here (?next=, checked by
// lib/return-path.ts), else the signed-in home. The sign-in and sign-up links carry it across.
import { useSearchParams } from 'react-router';
import { RETURN_PARAM, SIGNED_IN_HOME, safeReturnPath, withReturnTarget } from '../../lib/return-path';

export function useReturnTarget() {
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get(RETURN_PARAM));
  return {
    /** Where to go once a session has started. */
    landing: target ?? SIGNED_IN_HOME,
    /** `/login` or `/signup`, keeping the same return target. */
    linkTo: (page: '/login' | '/signup') => withReturnTarget(page, target),
  };
}
