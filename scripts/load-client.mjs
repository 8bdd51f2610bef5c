// What the load scripts (crash-test.mjs, failover-test.mjs) share about the requests they make.
import { createHash, randomBytes } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh Tron address (base58check of 0x41 + 20 random bytes): a withdrawal's paymentId must be one, and each
 * operation's is unique so its rows are found by it. */
export function tronAddress() {
  const body = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const sha = (b) => createHash('sha256').update(b).digest();
  let n = BigInt(`0x${Buffer.concat([body, sha(sha(body)).subarray(0, 4)]).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}
