import { randomBytes } from 'node:crypto';

/**
 * Names of files the server stores (uploads, invoice PDFs): 16 random bytes in base64url, so a
 * name cannot be guessed, and the stored type's extension.
 */
export const newStoredName = (ext: string): string =>
  `${randomBytes(16).toString('base64url')}.${ext}`;

/** A test for names that newStoredName made with one of `exts`: no other path is ever read. */
export function storedNameTest(exts: readonly string[]): (name: string) => boolean {
  const pattern = new RegExp(`^[\\w-]{22}\\.(?:${exts.join('|')})$`);
  return (name) => pattern.test(name);
}
