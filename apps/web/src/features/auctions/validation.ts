/**
 * The contract's schema of the Create Auction form. zod is the largest library the form uses and
 * nothing needs it before the merchant publishes, so it loads on the first focus (as the auth
 * forms do) instead of with the page.
 */
export const loadSchemas = () => import('./schemas');
