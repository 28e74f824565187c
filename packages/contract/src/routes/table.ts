// Generated from the route declarations by `npm run routes:table`: do not edit.
// The app’s run-time view of the routes: method and path, typed by their declarations.
export type { ContentAnswer, RouteDeclaration } from './define.js';
export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';
export { systemApi } from './table/systemApi.js';
export { authApi } from './table/authApi.js';
export { buyerAuthApi } from './table/buyerAuthApi.js';
export { auctionsApi } from './table/auctionsApi.js';
export { buyerAuctionsApi } from './table/buyerAuctionsApi.js';
export { ordersApi } from './table/ordersApi.js';
export { buyerOrdersApi } from './table/buyerOrdersApi.js';
export { invoicesApi } from './table/invoicesApi.js';
export { printingApi } from './table/printingApi.js';
export { cloudPrntApi } from './table/cloudPrntApi.js';
export { walletApi } from './table/walletApi.js';
export { bankApi } from './table/bankApi.js';
export { feedbackApi } from './table/feedbackApi.js';
export { notificationsApi } from './table/notificationsApi.js';
export { boatsApi } from './table/boatsApi.js';
export { recordsApi } from './table/recordsApi.js';
export { storeApi } from './table/storeApi.js';
export { buyerTaxApi } from './table/buyerTaxApi.js';
export { eventsApi } from './table/eventsApi.js';
export { operatorApi } from './table/operatorApi.js';
export { mediaApi } from './table/mediaApi.js';
