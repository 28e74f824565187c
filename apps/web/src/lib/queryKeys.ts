/**
 * Roots of query keys that another feature invalidates: the auctions feature's offer of returned kg
 * creates orders, and a feature may not import another's key factory (eslint.config.js zones).
 */
export const ORDERS_KEY_ROOT = ['orders'] as const;
