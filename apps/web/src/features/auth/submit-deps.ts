// What the public account forms need only once they are used: the shared schemas (zod), the API
// client, the toasts and the session cache. use-auth-submit.ts loads it on first use.
export { forgotBody, loginBody, registerBody, resetBody } from '@app/contract';
export { parseOrToast } from '../../lib/validate';
export { startSession } from '../../lib/session-cache';
export { finishSecondStep, loginUser, registerUser, requestPasswordReset, resetPassword, signInWithPasskey } from './api';
