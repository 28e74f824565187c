import { lazyModule } from '../../lib/lazyModule';

/**
 * The contract's schemas for basic info and the profile, with zod (storeChecks.ts): loaded when
 * either form is first focused, one load and one retry for both.
 */
export const storeChecks = lazyModule(() => import('./storeChecks'));
