// Tron addresses: base58check text (T…, 34 characters) ⇄ the 21 bytes 0x41 + 20-byte account. Transaction logs
// (walletsolidity/gettransactioninfobyid) carry the 20 bytes as hex; settings and TronGrid's v1 API carry base58.
import { createHash } from 'node:crypto';

/** keccak256("Transfer(address,address,uint256)"), the first topic of a TRC20 transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

/** 'T…' → the 20-byte account as 40 lower-case hex digits, or null when it is not a valid Tron address. */
export function tronToHex20(address: string): string | null {
  let n = 0n;
  for (const c of address) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length !== 25 || bytes[0] !== 0x41) return null;
  const body = bytes.subarray(0, 21);
  if (!sha256(sha256(body)).subarray(0, 4).equals(bytes.subarray(21))) return null;
  return body.subarray(1).toString('hex');
}

/** 40 hex digits (the 20-byte account; a leading 41 byte is accepted too) → 'T…'. */
export function hex20ToTron(hex: string): string {
  const h = hex.toLowerCase().replace(/^0x/, '');
  const body = Buffer.from(h.length === 42 ? h : `41${h.slice(-40)}`, 'hex');
  const bytes = Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

/** An address as the events API gives it — 20-byte hex ('0x…', or with its 41 byte) or base58 'T…' — as 40 lower-case hex digits, or null. */
export function anyToHex20(address: string): string | null {
  const hex = /^(?:0x|41)?([0-9a-fA-F]{40})$/.exec(address);
  if (hex) return hex[1].toLowerCase();
  return address.startsWith('T') ? tronToHex20(address) : null;
}
