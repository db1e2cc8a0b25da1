import { createECDH } from 'node:crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair (P-256, base64url: the uncompressed public point and the private scalar), as `web-push generate-vapid-keys` makes it. */
export function vapidKeyPair(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  // Node drops leading zero bytes of the scalar; VAPID wants all 32.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** The VAPID subject: `mailto:` the address of the store's From (`本棚 <no-reply@example.jp>`). */
export function vapidSubject(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}`;
}
