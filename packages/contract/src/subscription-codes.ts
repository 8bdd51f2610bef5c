// Subscription activation codes (docs/product.md#drop-in-clients): an admin generates single-use codes; a logged-in user applies
// one to activate the subscription, free of charge. Calls: POST /subscription/add-code (admin, empty body),
// GET /subscription/all-codes (admin), POST /subscription/apply-code { code } (a logged-in user).
import { z } from 'zod';

/** 31 characters without look-alikes: no 0/O, no 1/I/L. A code is 12 of them (about 59 bits), from a CSPRNG. */
export const SUBSCRIPTION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SUBSCRIPTION_CODE_LENGTH = 12;

export const SUBSCRIPTION_CODE_MSG = {
  created: 'Subscription code created',
  list: 'Subscription codes fetched successfully',
  applied: 'Subscription activated successfully',
  required: 'Please enter a subscription code',
  unknown: 'This subscription code is not valid',
  used: 'This subscription code has already been used',
  already: 'You are already subscribed',
} as const;

/**
 * What a person types is read leniently: surrounding spaces, lower case, and the dashes or spaces of a grouped
 * display (ABCD-EFGH-JKMN) are ignored. Anything that is then not 12 characters of the alphabet names no code.
 */
export function normaliseSubscriptionCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** POST /subscription/add-code takes an empty body (any JSON object's fields are ignored). */
export const addCodeBody = z.object({}).nullish();

export const applyCodeBody = z.object(
  {
    code: z
      .string({ error: SUBSCRIPTION_CODE_MSG.required })
      .max(64, SUBSCRIPTION_CODE_MSG.unknown)
      .transform(normaliseSubscriptionCode)
      .refine((c) => c.length > 0, SUBSCRIPTION_CODE_MSG.required),
  },
  { error: SUBSCRIPTION_CODE_MSG.required },
);

export const subscriptionCodeRecord = z.object({
  _id: z.string(),
  code: z.string(),
  used: z.boolean(),
  /** E-mail of the user who applied it, or null. */
  usedBy: z.string().nullable(),
  usedAt: z.string().nullable(),
  /** E-mail of the admin who generated it. */
  createdBy: z.string(),
  createdAt: z.string(),
});
export type SubscriptionCodeRecord = z.infer<typeof subscriptionCodeRecord>;

const ok = { success: z.boolean(), message: z.string() };
export const addCodeResponse = z.object({ ...ok, code: subscriptionCodeRecord });
export const allCodesResponse = z.object({
  ...ok,
  codes: z.array(subscriptionCodeRecord),
  /** True when there were more codes than the list returns (the newest 10,000). */
  capped: z.boolean(),
});
export type AllCodesResponse = z.infer<typeof allCodesResponse>;
