// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const operatorApi = {
  smsOutbox: ref<typeof declared.operatorApi.smsOutbox>('GET', '/api/operator/sms-outbox'),
  withdrawals: ref<typeof declared.operatorApi.withdrawals>('GET', '/api/operator/withdrawals'),
  approveWithdrawal: ref<typeof declared.operatorApi.approveWithdrawal>(
    'POST',
    '/api/operator/withdrawals/:id/approve',
  ),
  rejectWithdrawal: ref<typeof declared.operatorApi.rejectWithdrawal>(
    'POST',
    '/api/operator/withdrawals/:id/reject',
  ),
  bankAccounts: ref<typeof declared.operatorApi.bankAccounts>('GET', '/api/operator/bank-accounts'),
  verifyBankAccount: ref<typeof declared.operatorApi.verifyBankAccount>(
    'POST',
    '/api/operator/bank-accounts/:merchant/verify',
  ),
  rejectBankAccount: ref<typeof declared.operatorApi.rejectBankAccount>(
    'POST',
    '/api/operator/bank-accounts/:merchant/reject',
  ),
  merchants: ref<typeof declared.operatorApi.merchants>('GET', '/api/operator/merchants'),
  verifyBusiness: ref<typeof declared.operatorApi.verifyBusiness>(
    'POST',
    '/api/operator/merchants/:merchant/business/verify',
  ),
  rejectBusiness: ref<typeof declared.operatorApi.rejectBusiness>(
    'POST',
    '/api/operator/merchants/:merchant/business/reject',
  ),
  ssmDocument: ref<typeof declared.operatorApi.ssmDocument>(
    'GET',
    '/api/operator/merchants/:merchant/ssm-document',
  ),
  taxDetails: ref<typeof declared.operatorApi.taxDetails>(
    'GET',
    '/api/operator/merchants/:merchant/tax-details',
  ),
  updateTaxDetails: ref<typeof declared.operatorApi.updateTaxDetails>(
    'PUT',
    '/api/operator/merchants/:merchant/tax-details',
  ),
  creditWallet: ref<typeof declared.operatorApi.creditWallet>(
    'POST',
    '/api/operator/wallets/:merchant/credit',
  ),
  serviceFee: ref<typeof declared.operatorApi.serviceFee>('GET', '/api/operator/service-fee'),
  updateServiceFee: ref<typeof declared.operatorApi.updateServiceFee>(
    'PUT',
    '/api/operator/service-fee',
  ),
  runPayouts: ref<typeof declared.operatorApi.runPayouts>('POST', '/api/operator/payouts/run'),
  getBuyer: ref<typeof declared.operatorApi.getBuyer>('GET', '/api/operator/buyers/:buyer'),
  setCreditLimit: ref<typeof declared.operatorApi.setCreditLimit>(
    'PUT',
    '/api/operator/buyers/:buyer/credit-limit',
  ),
  suspendBuyer: ref<typeof declared.operatorApi.suspendBuyer>(
    'POST',
    '/api/operator/buyers/:buyer/suspend',
  ),
  unsuspendBuyer: ref<typeof declared.operatorApi.unsuspendBuyer>(
    'POST',
    '/api/operator/buyers/:buyer/unsuspend',
  ),
  setMerchantLink: ref<typeof declared.operatorApi.setMerchantLink>(
    'PUT',
    '/api/operator/buyers/:buyer/merchant-link',
  ),
  audit: ref<typeof declared.operatorApi.audit>('GET', '/api/operator/audit'),
  advanceClock: ref<typeof declared.operatorApi.advanceClock>('POST', '/api/operator/test/clock'),
};
