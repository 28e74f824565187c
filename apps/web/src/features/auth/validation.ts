/**
 * The contract's zod schemas for the auth forms. zod is the largest library the sign-in page
 * uses and nothing needs it before the merchant touches a form, so it loads on the first focus
 * (the forms call this from onFocus) instead of with the page.
 */
export const loadValidation = () => import('./schemas');
