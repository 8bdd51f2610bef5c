// An extended key as the TRON_XPUB setting takes it: base58check, 78 bytes — version (4), depth (1),
// parent fingerprint (4), child number (4), chain code (32), key (33). Only its envelope is checked here (the
// server derives addresses with @scure/bip32): a private key of any version (xprv, tprv, yprv, zprv … or a key
// byte 0x00) is refused, and so is a key at any depth but 3, the account level m/44'/195'/0'.
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

const base58check = createBase58check(sha256);

/** The public version the server derives from (xpub); the private versions of every family (xprv, tprv, yprv, zprv …). */
const PUBLIC_VERSIONS = new Set([0x0488b21e]);
const PRIVATE_VERSIONS = new Set([0x0488ade4, 0x04358394, 0x049d7878, 0x04b2430c, 0x0295b005, 0x02aa7a99, 0x044a4e28, 0x045f18bc]);

const XPUB_ACCOUNT_DEPTH = 3;

export type XpubCheck = 'ok' | 'private' | 'depth' | 'invalid';

export function parseAccountXpub(text: string): XpubCheck {
  const t = text.trim();
  if (/^[a-zA-Z]prv/.test(t)) return 'private';
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(t);
  } catch {
    return 'invalid';
  }
  if (bytes.length !== 78) return 'invalid';
  const version = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (PRIVATE_VERSIONS.has(version) || bytes[45] === 0) return 'private';
  if (!PUBLIC_VERSIONS.has(version) || (bytes[45] !== 2 && bytes[45] !== 3)) return 'invalid';
  if (bytes[4] !== XPUB_ACCOUNT_DEPTH) return 'depth';
  return 'ok';
}
