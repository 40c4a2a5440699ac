import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Time-sortable id (ULID-like, lower case): 10 characters of milliseconds, then 16 random ones. */
export function newId(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let rest = '';
  for (const byte of random) rest += ALPHABET[byte % 32];
  return time + rest;
}

/** An unguessable token: 32 random bytes (256 bits), base64url. */
export const newToken = () => randomBytes(32).toString('base64url');
