import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';

/** A new device key: 18 random bytes, answered once and kept only as hashes. */
export const newDeviceKey = () => randomBytes(18).toString('base64url');

export const hashDeviceKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Mosquitto's password-file hash of a key (what `mosquitto_passwd` writes: PBKDF2-SHA512, 101 rounds, 12-byte salt). */
export function mosquittoHash(key: string, salt: Buffer = randomBytes(12)): string {
  return `$7$101$${salt.toString('base64')}$${pbkdf2Sync(key, salt, 101, 64, 'sha512').toString('base64')}`;
}

/** The columns that keep a device key: its hash for our own checks and its Mosquitto form. */
export const deviceKeyColumns = (key: string) => ({ secret_hash: hashDeviceKey(key), broker_hash: mosquittoHash(key) });
