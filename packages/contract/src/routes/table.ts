// Generated from the route declarations by `npm run routes:table`: do not edit.
// The app’s run-time view of the routes: method and path, typed by their declarations.
import type * as declared from './index.js';
import { ref } from './ref.js';

export type { ContentAnswer, RouteDeclaration } from './define.js';
export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';

export const systemApi = {
  getHealth: ref<typeof declared.systemApi.getHealth>('GET', '/api/health'),
  getVersion: ref<typeof declared.systemApi.getVersion>('GET', '/api/version'),
};

export const authApi = {
  sendSmsCode: ref<typeof declared.authApi.sendSmsCode>('POST', '/api/auth/sms-code'),
  register: ref<typeof declared.authApi.register>('POST', '/api/auth/register'),
  login: ref<typeof declared.authApi.login>('POST', '/api/auth/login'),
  logout: ref<typeof declared.authApi.logout>('POST', '/api/auth/logout'),
  resetPassword: ref<typeof declared.authApi.resetPassword>('POST', '/api/auth/reset-password'),
  me: ref<typeof declared.authApi.me>('GET', '/api/me'),
};

export const buyerAuthApi = {
  sendSmsCode: ref<typeof declared.buyerAuthApi.sendSmsCode>('POST', '/api/buyer/auth/sms-code'),
  register: ref<typeof declared.buyerAuthApi.register>('POST', '/api/buyer/auth/register'),
  login: ref<typeof declared.buyerAuthApi.login>('POST', '/api/buyer/auth/login'),
  logout: ref<typeof declared.buyerAuthApi.logout>('POST', '/api/buyer/auth/logout'),
  resetPassword: ref<typeof declared.buyerAuthApi.resetPassword>(
    'POST',
    '/api/buyer/auth/reset-password',
  ),
  me: ref<typeof declared.buyerAuthApi.me>('GET', '/api/buyer/me'),
};

export const auctionsApi = {
  postAuctions: ref<typeof declared.auctionsApi.postAuctions>('POST', '/api/auctions'),
  getAuctions: ref<typeof declared.auctionsApi.getAuctions>('GET', '/api/auctions'),
  deleteAuctionsById: ref<typeof declared.auctionsApi.deleteAuctionsById>(
    'DELETE',
    '/api/auctions/:id',
  ),
  getDashboard: ref<typeof declared.auctionsApi.getDashboard>('GET', '/api/dashboard'),
  getLotsById: ref<typeof declared.auctionsApi.getLotsById>('GET', '/api/lots/:id'),
  postLotsByIdOffer: ref<typeof declared.auctionsApi.postLotsByIdOffer>(
    'POST',
    '/api/lots/:id/offer',
  ),
  postLotsByIdRelist: ref<typeof declared.auctionsApi.postLotsByIdRelist>(
    'POST',
    '/api/lots/:id/relist',
  ),
  getBuyerLots: ref<typeof declared.auctionsApi.getBuyerLots>('GET', '/api/buyer/lots'),
  getBuyerLotsById: ref<typeof declared.auctionsApi.getBuyerLotsById>('GET', '/api/buyer/lots/:id'),
  postBuyerLotsByIdBids: ref<typeof declared.auctionsApi.postBuyerLotsByIdBids>(
    'POST',
    '/api/buyer/lots/:id/bids',
  ),
  postBuyerLotsByIdBuyout: ref<typeof declared.auctionsApi.postBuyerLotsByIdBuyout>(
    'POST',
    '/api/buyer/lots/:id/buyout',
  ),
  getBuyerBids: ref<typeof declared.auctionsApi.getBuyerBids>('GET', '/api/buyer/bids'),
};

export const ordersApi = {
  getOrders: ref<typeof declared.ordersApi.getOrders>('GET', '/api/orders'),
  getOrdersExport: ref<typeof declared.ordersApi.getOrdersExport>('GET', '/api/orders/export'),
  getOrdersCounts: ref<typeof declared.ordersApi.getOrdersCounts>('GET', '/api/orders/counts'),
  getOrdersById: ref<typeof declared.ordersApi.getOrdersById>('GET', '/api/orders/:id'),
  postOrdersByIdStatus: ref<typeof declared.ordersApi.postOrdersByIdStatus>(
    'POST',
    '/api/orders/:id/status',
  ),
  postOrdersByIdCancel: ref<typeof declared.ordersApi.postOrdersByIdCancel>(
    'POST',
    '/api/orders/:id/cancel',
  ),
  getBuyerOrders: ref<typeof declared.ordersApi.getBuyerOrders>('GET', '/api/buyer/orders'),
  getBuyerOrdersById: ref<typeof declared.ordersApi.getBuyerOrdersById>(
    'GET',
    '/api/buyer/orders/:id',
  ),
  postBuyerOrdersByIdPay: ref<typeof declared.ordersApi.postBuyerOrdersByIdPay>(
    'POST',
    '/api/buyer/orders/:id/pay',
  ),
  getBuyerWallet: ref<typeof declared.ordersApi.getBuyerWallet>('GET', '/api/buyer/wallet'),
  postBuyerWalletTopUp: ref<typeof declared.ordersApi.postBuyerWalletTopUp>(
    'POST',
    '/api/buyer/wallet/top-up',
  ),
};

export const invoicesApi = {
  postOrdersByIdInvoice: ref<typeof declared.invoicesApi.postOrdersByIdInvoice>(
    'POST',
    '/api/orders/:id/invoice',
  ),
  getOrdersByIdInvoicePdf: ref<typeof declared.invoicesApi.getOrdersByIdInvoicePdf>(
    'GET',
    '/api/orders/:id/invoice.pdf',
  ),
  getOrdersByIdCreditNotePdf: ref<typeof declared.invoicesApi.getOrdersByIdCreditNotePdf>(
    'GET',
    '/api/orders/:id/credit-note.pdf',
  ),
  postOrdersByIdEinvoice: ref<typeof declared.invoicesApi.postOrdersByIdEinvoice>(
    'POST',
    '/api/orders/:id/einvoice',
  ),
  postOrdersByIdCreditNoteEinvoice: ref<
    typeof declared.invoicesApi.postOrdersByIdCreditNoteEinvoice
  >('POST', '/api/orders/:id/credit-note/einvoice'),
};

export const printingApi = {
  getPrinters: ref<typeof declared.printingApi.getPrinters>('GET', '/api/printers'),
  postPrinters: ref<typeof declared.printingApi.postPrinters>('POST', '/api/printers'),
  putPrintersById: ref<typeof declared.printingApi.putPrintersById>('PUT', '/api/printers/:id'),
  deletePrintersById: ref<typeof declared.printingApi.deletePrintersById>(
    'DELETE',
    '/api/printers/:id',
  ),
  postPrintersByIdTest: ref<typeof declared.printingApi.postPrintersByIdTest>(
    'POST',
    '/api/printers/:id/test',
  ),
  postPrintersByIdPrint: ref<typeof declared.printingApi.postPrintersByIdPrint>(
    'POST',
    '/api/printers/:id/print',
  ),
  getPrintJobs: ref<typeof declared.printingApi.getPrintJobs>('GET', '/api/print-jobs'),
  getOrdersByIdSlipBin: ref<typeof declared.printingApi.getOrdersByIdSlipBin>(
    'GET',
    '/api/orders/:id/slip.bin',
  ),
  getOrdersByIdSlipPng: ref<typeof declared.printingApi.getOrdersByIdSlipPng>(
    'GET',
    '/api/orders/:id/slip.png',
  ),
  getPrintersTestPageBin: ref<typeof declared.printingApi.getPrintersTestPageBin>(
    'GET',
    '/api/printers/test-page.bin',
  ),
  getPrintersTestPagePng: ref<typeof declared.printingApi.getPrintersTestPagePng>(
    'GET',
    '/api/printers/test-page.png',
  ),
};

export const cloudPrntApi = {
  poll: ref<typeof declared.cloudPrntApi.poll>('POST', '/api/cloudprnt'),
  fetchJob: ref<typeof declared.cloudPrntApi.fetchJob>('GET', '/api/cloudprnt'),
  confirmJob: ref<typeof declared.cloudPrntApi.confirmJob>('DELETE', '/api/cloudprnt'),
};

export const walletApi = {
  getWallet: ref<typeof declared.walletApi.getWallet>('GET', '/api/wallet'),
  getWalletStatement: ref<typeof declared.walletApi.getWalletStatement>(
    'GET',
    '/api/wallet/statement',
  ),
  postWalletWithdrawals: ref<typeof declared.walletApi.postWalletWithdrawals>(
    'POST',
    '/api/wallet/withdrawals',
  ),
  getWalletWithdrawalsById: ref<typeof declared.walletApi.getWalletWithdrawalsById>(
    'GET',
    '/api/wallet/withdrawals/:id',
  ),
};

export const bankApi = {
  getBankAccount: ref<typeof declared.bankApi.getBankAccount>('GET', '/api/bank-account'),
  putBankAccount: ref<typeof declared.bankApi.putBankAccount>('PUT', '/api/bank-account'),
};

export const feedbackApi = {
  postFeedback: ref<typeof declared.feedbackApi.postFeedback>('POST', '/api/feedback'),
  getFeedback: ref<typeof declared.feedbackApi.getFeedback>('GET', '/api/feedback'),
};

export const notificationsApi = {
  getNotifications: ref<typeof declared.notificationsApi.getNotifications>(
    'GET',
    '/api/notifications',
  ),
  getNotificationsUnread: ref<typeof declared.notificationsApi.getNotificationsUnread>(
    'GET',
    '/api/notifications/unread',
  ),
  postNotificationsRead: ref<typeof declared.notificationsApi.postNotificationsRead>(
    'POST',
    '/api/notifications/read',
  ),
  getNotificationsSettings: ref<typeof declared.notificationsApi.getNotificationsSettings>(
    'GET',
    '/api/notifications/settings',
  ),
  putNotificationsSettings: ref<typeof declared.notificationsApi.putNotificationsSettings>(
    'PUT',
    '/api/notifications/settings',
  ),
  getPushPublicKey: ref<typeof declared.notificationsApi.getPushPublicKey>(
    'GET',
    '/api/push/public-key',
  ),
  postPushSubscriptions: ref<typeof declared.notificationsApi.postPushSubscriptions>(
    'POST',
    '/api/push/subscriptions',
  ),
  deletePushSubscriptions: ref<typeof declared.notificationsApi.deletePushSubscriptions>(
    'DELETE',
    '/api/push/subscriptions',
  ),
};

export const boatsApi = {
  list: ref<typeof declared.boatsApi.list>('GET', '/api/boats'),
  create: ref<typeof declared.boatsApi.create>('POST', '/api/boats'),
  get: ref<typeof declared.boatsApi.get>('GET', '/api/boats/:id'),
  update: ref<typeof declared.boatsApi.update>('PUT', '/api/boats/:id'),
  delete: ref<typeof declared.boatsApi.delete>('DELETE', '/api/boats/:id'),
  coldRooms: ref<typeof declared.boatsApi.coldRooms>('GET', '/api/cold-rooms'),
  coldRoomSettings: ref<typeof declared.boatsApi.coldRoomSettings>(
    'PUT',
    '/api/cold-rooms/settings',
  ),
  createColdRoom: ref<typeof declared.boatsApi.createColdRoom>('POST', '/api/cold-rooms'),
  getColdRoom: ref<typeof declared.boatsApi.getColdRoom>('GET', '/api/cold-rooms/:id'),
  updateColdRoom: ref<typeof declared.boatsApi.updateColdRoom>('PUT', '/api/cold-rooms/:id'),
  deleteColdRoom: ref<typeof declared.boatsApi.deleteColdRoom>('DELETE', '/api/cold-rooms/:id'),
};

export const recordsApi = {
  getBusinessRecords: ref<typeof declared.recordsApi.getBusinessRecords>(
    'GET',
    '/api/business-records',
  ),
  getBusinessRecordsExport: ref<typeof declared.recordsApi.getBusinessRecordsExport>(
    'GET',
    '/api/business-records/export',
  ),
};

export const storeApi = {
  getStore: ref<typeof declared.storeApi.getStore>('GET', '/api/store'),
  putStoreBasicInfo: ref<typeof declared.storeApi.putStoreBasicInfo>(
    'PUT',
    '/api/store/basic-info',
  ),
  putStoreProfile: ref<typeof declared.storeApi.putStoreProfile>('PUT', '/api/store/profile'),
  getStoreTaxDetails: ref<typeof declared.storeApi.getStoreTaxDetails>(
    'GET',
    '/api/store/tax-details',
  ),
  putStoreTaxDetails: ref<typeof declared.storeApi.putStoreTaxDetails>(
    'PUT',
    '/api/store/tax-details',
  ),
  putStoreCarousel: ref<typeof declared.storeApi.putStoreCarousel>('PUT', '/api/store/carousel'),
  postStoreSsm: ref<typeof declared.storeApi.postStoreSsm>('POST', '/api/store/ssm'),
  getStoreSsmById: ref<typeof declared.storeApi.getStoreSsmById>('GET', '/api/store/ssm/:id'),
};

export const buyerTaxApi = {
  getBuyerTaxDetails: ref<typeof declared.buyerTaxApi.getBuyerTaxDetails>(
    'GET',
    '/api/buyer/tax-details',
  ),
  putBuyerTaxDetails: ref<typeof declared.buyerTaxApi.putBuyerTaxDetails>(
    'PUT',
    '/api/buyer/tax-details',
  ),
  deleteBuyerTaxDetails: ref<typeof declared.buyerTaxApi.deleteBuyerTaxDetails>(
    'DELETE',
    '/api/buyer/tax-details',
  ),
};

export const eventsApi = {
  stream: ref<typeof declared.eventsApi.stream>('GET', '/api/events'),
};

export const operatorApi = {
  getSmsOutbox: ref<typeof declared.operatorApi.getSmsOutbox>('GET', '/api/operator/sms-outbox'),
  getWithdrawals: ref<typeof declared.operatorApi.getWithdrawals>(
    'GET',
    '/api/operator/withdrawals',
  ),
  postWithdrawalsByIdApprove: ref<typeof declared.operatorApi.postWithdrawalsByIdApprove>(
    'POST',
    '/api/operator/withdrawals/:id/approve',
  ),
  postWithdrawalsByIdReject: ref<typeof declared.operatorApi.postWithdrawalsByIdReject>(
    'POST',
    '/api/operator/withdrawals/:id/reject',
  ),
  getBankAccounts: ref<typeof declared.operatorApi.getBankAccounts>(
    'GET',
    '/api/operator/bank-accounts',
  ),
  postBankAccountsByMerchantVerify: ref<
    typeof declared.operatorApi.postBankAccountsByMerchantVerify
  >('POST', '/api/operator/bank-accounts/:merchant/verify'),
  postBankAccountsByMerchantReject: ref<
    typeof declared.operatorApi.postBankAccountsByMerchantReject
  >('POST', '/api/operator/bank-accounts/:merchant/reject'),
  getMerchants: ref<typeof declared.operatorApi.getMerchants>('GET', '/api/operator/merchants'),
  postMerchantsByMerchantBusinessVerify: ref<
    typeof declared.operatorApi.postMerchantsByMerchantBusinessVerify
  >('POST', '/api/operator/merchants/:merchant/business/verify'),
  postMerchantsByMerchantBusinessReject: ref<
    typeof declared.operatorApi.postMerchantsByMerchantBusinessReject
  >('POST', '/api/operator/merchants/:merchant/business/reject'),
  getMerchantsByMerchantSsmDocument: ref<
    typeof declared.operatorApi.getMerchantsByMerchantSsmDocument
  >('GET', '/api/operator/merchants/:merchant/ssm-document'),
  getMerchantsByMerchantTaxDetails: ref<
    typeof declared.operatorApi.getMerchantsByMerchantTaxDetails
  >('GET', '/api/operator/merchants/:merchant/tax-details'),
  putMerchantsByMerchantTaxDetails: ref<
    typeof declared.operatorApi.putMerchantsByMerchantTaxDetails
  >('PUT', '/api/operator/merchants/:merchant/tax-details'),
  postWalletsByMerchantCredit: ref<typeof declared.operatorApi.postWalletsByMerchantCredit>(
    'POST',
    '/api/operator/wallets/:merchant/credit',
  ),
  getServiceFee: ref<typeof declared.operatorApi.getServiceFee>('GET', '/api/operator/service-fee'),
  putServiceFee: ref<typeof declared.operatorApi.putServiceFee>('PUT', '/api/operator/service-fee'),
  postPayoutsRun: ref<typeof declared.operatorApi.postPayoutsRun>(
    'POST',
    '/api/operator/payouts/run',
  ),
  getBuyersByBuyer: ref<typeof declared.operatorApi.getBuyersByBuyer>(
    'GET',
    '/api/operator/buyers/:buyer',
  ),
  putBuyersByBuyerCreditLimit: ref<typeof declared.operatorApi.putBuyersByBuyerCreditLimit>(
    'PUT',
    '/api/operator/buyers/:buyer/credit-limit',
  ),
  postBuyersByBuyerSuspend: ref<typeof declared.operatorApi.postBuyersByBuyerSuspend>(
    'POST',
    '/api/operator/buyers/:buyer/suspend',
  ),
  postBuyersByBuyerUnsuspend: ref<typeof declared.operatorApi.postBuyersByBuyerUnsuspend>(
    'POST',
    '/api/operator/buyers/:buyer/unsuspend',
  ),
  putBuyersByBuyerMerchantLink: ref<typeof declared.operatorApi.putBuyersByBuyerMerchantLink>(
    'PUT',
    '/api/operator/buyers/:buyer/merchant-link',
  ),
  getAudit: ref<typeof declared.operatorApi.getAudit>('GET', '/api/operator/audit'),
  postTestClock: ref<typeof declared.operatorApi.postTestClock>('POST', '/api/operator/test/clock'),
};

export const mediaApi = {
  upload: ref<typeof declared.mediaApi.upload>('POST', '/api/media'),
};
