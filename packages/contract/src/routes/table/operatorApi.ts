// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

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
