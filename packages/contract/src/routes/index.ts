import { auctionsApi, buyerAuctionsApi } from './auctions.js';
import { authApi, buyerAuthApi } from './auth.js';
import { bankApi } from './bank.js';
import { boatsApi } from './boats.js';
import { buyerTaxApi } from './buyer-tax.js';
import { cloudPrntApi } from './cloudprnt.js';
import type { RouteDeclaration } from './define.js';
import { eventsApi } from './events.js';
import { feedbackApi } from './feedback.js';
import { invoicesApi } from './invoices.js';
import { mediaApi } from './media.js';
import { notificationsApi } from './notifications.js';
import { operatorApi } from './operator.js';
import { buyerOrdersApi, ordersApi } from './orders.js';
import { printingApi } from './printing.js';
import { recordsApi } from './records.js';
import { storeApi } from './store.js';
import { systemApi } from './system.js';
import { walletApi } from './wallet.js';

export * from './define.js';
export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';

/**
 * Every declared route by area, as the route table (table.ts) lists them: an area's name is the
 * name of its export.
 */
export const apiAreas = {
  systemApi,
  authApi,
  buyerAuthApi,
  auctionsApi,
  buyerAuctionsApi,
  ordersApi,
  buyerOrdersApi,
  invoicesApi,
  printingApi,
  cloudPrntApi,
  walletApi,
  bankApi,
  feedbackApi,
  notificationsApi,
  boatsApi,
  recordsApi,
  storeApi,
  buyerTaxApi,
  eventsApi,
  operatorApi,
  mediaApi,
} satisfies Record<string, Record<string, RouteDeclaration>>;

export {
  auctionsApi,
  authApi,
  bankApi,
  boatsApi,
  buyerAuctionsApi,
  buyerAuthApi,
  buyerOrdersApi,
  buyerTaxApi,
  cloudPrntApi,
  eventsApi,
  feedbackApi,
  invoicesApi,
  mediaApi,
  notificationsApi,
  operatorApi,
  ordersApi,
  printingApi,
  recordsApi,
  storeApi,
  systemApi,
  walletApi,
};
