// Per-user deposit addresses from an account-level extended public key: user n's address is child 0/n
// of TRON_XPUB (m/44'/195'/0'), i.e. m/44'/195'/0'/0/n. Derived with maintained libraries only: @scure/bip32 (the
// BIP32 public derivation), @noble/curves (the uncompressed secp256k1 point), @noble/hashes (keccak-256) and the
// base58check of tron-address.ts. The server never holds a private key: an extended private key is refused by the
// setting's schema (packages/contract/src/xpub.ts) and again here.
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { hex20ToTron } from './tron-address.js';

/** The external chain (child 0) of each key, kept: deriving address n is then one public child derivation. */
const external = new Map<string, HDKey>();

function externalChain(xpub: string): HDKey {
  let chain = external.get(xpub);
  if (!chain) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) throw new Error('TRON_XPUB: an extended private key must never be given to the platform');
    if (account.depth !== 3) throw new Error(`TRON_XPUB: expected the account key m/44'/195'/0' (depth 3), got depth ${account.depth}`);
    chain = account.deriveChild(0);
    if (external.size > 16) external.clear();
    external.set(xpub, chain);
  }
  return chain;
}

/** The key's id: hash160 of its public key, as hex (how the address rows name the key they come from). */
export function xpubKeyId(xpub: string): string {
  return bytesToHex(HDKey.fromExtendedKey(xpub).identifier!);
}

/** Address n of the key: { base58 'T…', hex: the 20-byte account in lower-case hex }. */
export function deriveTronAddress(xpub: string, index: number): { address: string; hex: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`address index out of range: ${index}`);
  const child = externalChain(xpub).deriveChild(index);
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
  const hex = bytesToHex(keccak_256(uncompressed.subarray(1))).slice(-40);
  return { address: hex20ToTron(hex), hex };
}
