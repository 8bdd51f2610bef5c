// A software authenticator for API tests: answers the server's registration options with a real "none" attestation
// (a P-256 key made here, its COSE public key in the authenticator data), as a browser's navigator.credentials.create
// would, so POST /user/passkeys can be exercised over HTTP without a browser.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');

/** The registration response for `options` (from POST /user/passkeys/options), for a site at `origin`. */
export function softAttestation(options: { challenge: string; rp: { id?: string } }, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x, 'base64url')],
    [-3, Buffer.from(jwk.y, 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // sign count 0
    Buffer.alloc(16), // AAGUID
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(cose as never)),
  ]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
  return {
    id: b64u(credentialId),
    rawId: b64u(credentialId),
    type: 'public-key',
    response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
    clientExtensionResults: {},
  };
}
