import type { MerchantProfile } from '@sm/contract';
import { storage } from './storage';

/**
 * `merchantInfo` in local storage is the spec's login marker (§3, §6): the profile the API
 * returned, never a credential (the session itself is an httpOnly cookie). Read here, with storage
 * alone, so that the boot (boot.ts) decides as the app's session (session.ts) does.
 */
const isProfile = (data: unknown): data is MerchantProfile => {
  const value = data as Partial<MerchantProfile> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.id === 'string' &&
    typeof value.phone === 'string'
  );
};

/** The stored profile, or null when there is none or it is not one. */
export const storedMerchantInfo = (): MerchantProfile | null =>
  storage.get('merchantInfo', isProfile);
