import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditQuery,
  auditResponse,
  bankAccount,
  buyerRefParams,
  creditLimitBody,
  creditRequest,
  creditResponse,
  idempotencyHeaders,
  merchantLinkBody,
  merchantRefParams,
  operatorBankAccountsQuery,
  operatorBankAccountsResponse,
  operatorHeaders,
  operatorBuyer,
  operatorMerchant,
  operatorMerchantsQuery,
  operatorMerchantsResponse,
  operatorWithdrawalsQuery,
  operatorWithdrawalsResponse,
  payoutRunResponse,
  reviewRejectBody,
  serviceFeeBody,
  serviceFeeResponse,
  smsOutboxQuery,
  smsOutboxResponse,
  suspendBody,
  withdrawal,
  storeTaxDetails,
  storeTaxDetailsInput,
} from '@sm/contract';
import { z } from 'zod';
import type { TestClock } from '../../lib/clock.js';
import { safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { routeDoc } from '../../lib/route-doc.js';
import type { AuthService } from '../auth/auth.service.js';
import { sendDocument, ssmDocumentResponse } from '../store/store.http.js';
import type { OperatorService } from './operator.service.js';

const doc = routeDoc('Operator', 'operatorToken');

/** Any id: one that is no withdrawal's answers 404, as the service finds. */
const withdrawalParams = z.object({ id: z.string().max(40) });

/** Who the audit record names: the X-Operator header, else the API token's holder. */
const operatorOf = (req: FastifyRequest): string => {
  const name = req.headers['x-operator'];
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 80) : 'operator-api';
};

/** The operator's API: every route needs `Authorization: Bearer <OPERATOR_TOKEN>`. */
export async function operatorRoutes(
  app: FastifyInstance,
  {
    token,
    auth,
    operator,
    testClock,
  }: {
    token: string;
    auth: AuthService;
    operator: OperatorService;
    /** Only with TEST_CLOCK=true: lets browser tests and demos move time. */
    testClock: TestClock | null;
  },
) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !safeEqual(given, token)) throw new AppError('NOT_LOGGED_IN');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sms-outbox', {
    schema: {
      tags: ['Operator'],
      summary: 'Latest codes written by the development SMS sender, newest first',
      security: [{ operatorToken: [] }],
      querystring: smsOutboxQuery,
      response: { 200: smsOutboxResponse },
    },
    handler: async (req) => {
      const rows = await auth.listOutbox(req.query);
      return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  });

  r.get('/withdrawals', {
    schema: {
      ...doc('Withdrawals; the Pending queue oldest first, with the full account number to pay'),
      querystring: operatorWithdrawalsQuery,
      response: { 200: operatorWithdrawalsResponse },
    },
    handler: async (req) => ({ items: await operator.listWithdrawals(req.query) }),
  });

  r.post('/withdrawals/:id/approve', {
    schema: {
      ...doc('Approve a Pending withdrawal (the money was sent): Completed'),
      headers: operatorHeaders,
      params: withdrawalParams,
      response: { 200: withdrawal },
    },
    handler: async (req) =>
      operator.reviewWithdrawal(operatorOf(req), req.params.id, { approve: true }),
  });

  r.post('/withdrawals/:id/reject', {
    schema: {
      ...doc('Reject a Pending withdrawal: the amount returns to the wallet as Refund Received'),
      headers: operatorHeaders,
      params: withdrawalParams,
      body: reviewRejectBody,
      response: { 200: withdrawal },
    },
    handler: async (req) =>
      operator.reviewWithdrawal(operatorOf(req), req.params.id, {
        approve: false,
        reason: req.body.reason,
      }),
  });

  r.get('/bank-accounts', {
    schema: {
      ...doc('Merchants’ bank accounts, by status, longest waiting first'),
      querystring: operatorBankAccountsQuery,
      response: { 200: operatorBankAccountsResponse },
    },
    handler: async (req) => ({ items: await operator.listBanks(req.query) }),
  });

  r.post('/bank-accounts/:merchant/verify', {
    schema: {
      ...doc('Verify a merchant’s bank account (merchant id or phone)'),
      headers: operatorHeaders,
      params: merchantRefParams,
      response: { 200: bankAccount },
    },
    handler: async (req) =>
      operator.reviewBank(operatorOf(req), req.params.merchant, { verify: true }),
  });

  r.post('/bank-accounts/:merchant/reject', {
    schema: {
      ...doc('Reject a merchant’s bank account, with the reason the merchant sees'),
      headers: operatorHeaders,
      params: merchantRefParams,
      body: reviewRejectBody,
      response: { 200: bankAccount },
    },
    handler: async (req) =>
      operator.reviewBank(operatorOf(req), req.params.merchant, {
        verify: false,
        reason: req.body.reason,
      }),
  });

  r.get('/merchants', {
    schema: {
      ...doc('Merchants with business status and balance, newest first'),
      querystring: operatorMerchantsQuery,
      response: { 200: operatorMerchantsResponse },
    },
    handler: async (req) => ({ items: await operator.listMerchants(req.query) }),
  });

  r.post('/merchants/:merchant/business/verify', {
    schema: {
      ...doc('Set a merchant’s business status to Verified (they may publish lots)'),
      headers: operatorHeaders,
      params: merchantRefParams,
      response: { 200: operatorMerchant },
    },
    handler: async (req) =>
      operator.reviewBusiness(operatorOf(req), req.params.merchant, { verify: true }),
  });

  r.post('/merchants/:merchant/business/reject', {
    schema: {
      ...doc('Set a merchant’s business status to Rejected, with the reason'),
      headers: operatorHeaders,
      params: merchantRefParams,
      body: reviewRejectBody,
      response: { 200: operatorMerchant },
    },
    handler: async (req) =>
      operator.reviewBusiness(operatorOf(req), req.params.merchant, {
        verify: false,
        reason: req.body.reason,
      }),
  });

  r.get('/merchants/:merchant/ssm-document', {
    schema: {
      ...doc(
        'Download the latest SSM document a merchant submitted (merchant id or phone)',
        'Answers the file as uploaded (PDF or image); 404 when the merchant submitted none.',
      ),
      params: merchantRefParams,
      response: { 200: ssmDocumentResponse },
    },
    handler: async (req, reply) =>
      sendDocument(reply, await operator.ssmDocument(req.params.merchant)),
  });

  r.get('/merchants/:merchant/tax-details', {
    schema: {
      ...doc(
        'A store’s tax details for e-invoices (merchant id or phone), and what is missing',
        undefined,
        ['NOT_FOUND'],
      ),
      headers: operatorHeaders,
      params: merchantRefParams,
      response: { 200: storeTaxDetails },
    },
    handler: async (req) => operator.storeTaxDetails(req.params.merchant),
  });

  r.put('/merchants/:merchant/tax-details', {
    schema: {
      ...doc(
        'Correct a store’s tax details (audited with before and after)',
        'The same checks as the merchant’s own save (PUT /api/store/tax-details).',
        ['NOT_FOUND', 'MSIC_INVALID', 'STORE_BASIC_INFO_REQUIRED'],
      ),
      headers: operatorHeaders,
      params: merchantRefParams,
      body: storeTaxDetailsInput,
      response: { 200: storeTaxDetails },
    },
    handler: async (req) =>
      operator.correctStoreTaxDetails(operatorOf(req), req.params.merchant, req.body),
  });

  r.post('/wallets/:merchant/credit', {
    schema: {
      ...doc(
        'Credit a wallet (Deposit), sen',
        'The account by id or phone; `?role=buyer` for a buyer’s phone. Send an Idempotency-Key: the same key answers the first answer again.',
      ),
      headers: idempotencyHeaders.extend(operatorHeaders.shape),
      params: merchantRefParams,
      querystring: z.object({ role: z.enum(['merchant', 'buyer']).default('merchant') }),
      body: creditRequest,
      response: { 200: creditResponse },
    },
    handler: async (req) =>
      operator.credit(
        operatorOf(req),
        req.params.merchant,
        req.query.role,
        req.body,
        req.headers['idempotency-key'],
      ),
  });

  r.get('/service-fee', {
    schema: {
      ...doc('The service fee rate charged on new orders, basis points'),
      response: { 200: serviceFeeResponse },
    },
    handler: async () => operator.serviceFee(),
  });

  r.put('/service-fee', {
    schema: {
      ...doc('Set the service fee rate for orders created from now on (0 to 3000 bps)'),
      headers: operatorHeaders,
      body: serviceFeeBody,
      response: { 200: serviceFeeResponse },
    },
    handler: async (req) => operator.setServiceFee(operatorOf(req), req.body.rateBps),
  });

  r.post('/payouts/run', {
    schema: {
      ...doc(
        'Run today’s payout run now (it also runs by itself after 00:00 Kuala Lumpur)',
        'Pays out the orders scheduled for today or before, then schedules the Payout Pending ones for tomorrow. Repeating it pays nothing twice.',
      ),
      headers: operatorHeaders,
      response: { 200: payoutRunResponse },
    },
    handler: async (req) => operator.runPayouts(operatorOf(req)),
  });

  r.get('/buyers/:buyer', {
    schema: {
      ...doc('A buyer (id or phone): cover, record, suspension and links to merchants', undefined, [
        'NOT_FOUND',
      ]),
      params: buyerRefParams,
      response: { 200: operatorBuyer },
    },
    handler: async (req) => operator.buyer(req.params.buyer),
  });

  r.put('/buyers/:buyer/credit-limit', {
    schema: {
      ...doc(
        'Set how far a buyer may bid beyond its wallet balance, sen (PRODUCT.md §4a)',
        undefined,
        ['NOT_FOUND', 'INVALID_CREDIT_LIMIT'],
      ),
      headers: operatorHeaders,
      params: buyerRefParams,
      body: creditLimitBody,
      response: { 200: operatorBuyer },
    },
    handler: async (req) =>
      operator.setCreditLimit(operatorOf(req), req.params.buyer, req.body.amount),
  });

  r.post('/buyers/:buyer/suspend', {
    schema: {
      ...doc(
        'Suspend a buyer: it cannot bid or buy out until unsuspended',
        'Its standing bids and orders stay binding.',
        ['NOT_FOUND'],
      ),
      headers: operatorHeaders,
      params: buyerRefParams,
      body: suspendBody,
      response: { 200: operatorBuyer },
    },
    handler: async (req) =>
      operator.suspendBuyer(operatorOf(req), req.params.buyer, req.body.reason),
  });

  r.post('/buyers/:buyer/unsuspend', {
    schema: {
      ...doc('Let a suspended buyer bid again', undefined, ['NOT_FOUND']),
      headers: operatorHeaders,
      params: buyerRefParams,
      response: { 200: operatorBuyer },
    },
    handler: async (req) => operator.unsuspendBuyer(operatorOf(req), req.params.buyer),
  });

  r.put('/buyers/:buyer/merchant-link', {
    schema: {
      ...doc(
        'Link a buyer to a merchant (same party: it may not bid on that merchant’s lots), or unlink with null',
        undefined,
        ['NOT_FOUND'],
      ),
      headers: operatorHeaders,
      params: buyerRefParams,
      body: merchantLinkBody,
      response: { 200: operatorBuyer },
    },
    handler: async (req) =>
      operator.linkBuyer(operatorOf(req), req.params.buyer, req.body.merchant),
  });

  r.get('/audit', {
    schema: {
      ...doc('The latest operator actions: who, when, what, before and after'),
      querystring: auditQuery,
      response: { 200: auditResponse },
    },
    handler: async (req) => ({ items: await operator.auditLog(req.query.limit) }),
  });

  if (!testClock) return;
  r.post('/test/clock', {
    schema: {
      tags: ['Operator'],
      summary: 'TEST_CLOCK only: move the server clock forward (lots end on the next closer tick)',
      security: [{ operatorToken: [] }],
      body: z.object({
        advanceMs: z
          .number()
          .int()
          .min(0)
          .max(366 * 24 * 3_600_000),
      }),
      response: { 200: z.object({ now: z.string() }) },
    },
    handler: async (req) => {
      testClock.advance(req.body.advanceMs);
      return { now: testClock.now().toISOString() };
    },
  });
}
