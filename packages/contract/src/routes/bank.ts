import { bankAccountInput, bankAccountResponse } from '../index.js';
import { routeGroup } from './define.js';

const route = routeGroup('Merchant bank account', 'merchantSession');

export const bankApi = {
  get: route({
    method: 'GET',
    path: '/api/bank-account',
    summary: 'The bank account withdrawals go to, or null',
    response: bankAccountResponse,
  }),
  update: route({
    method: 'PUT',
    path: '/api/bank-account',
    summary: 'Add or change the bank account',
    description:
      'Account number: digits once spaces and dashes are removed, 10 to 16 of them. Any change sets it back to Unverified.',
    body: bankAccountInput,
    response: bankAccountResponse,
  }),
};
