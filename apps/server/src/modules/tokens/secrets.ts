import { createHash, randomBytes } from 'node:crypto';

/** Session ids and one-time tokens are stored as SHA-256 digests, never as issued. */
export const digest = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** A new session id or one-time token: 32 random bytes. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
