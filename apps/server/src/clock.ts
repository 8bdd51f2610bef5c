/** The time source; tests inject their own to prove idle and absolute session expiry. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
