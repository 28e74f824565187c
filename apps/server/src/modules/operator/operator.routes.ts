import { operatorApi } from '@sm/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TestClock } from '../../lib/clock.js';
import { safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import type { AuthService } from '../auth/auth.service.js';
import { sendDocument } from '../store/store.http.js';
import type { OperatorService } from './operator.service.js';

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

  route(app, operatorApi.smsOutbox, async (req) => {
    const rows = await auth.listOutbox(req.query);
    return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  });

  route(app, operatorApi.withdrawals, async (req) => ({
    items: await operator.listWithdrawals(req.query),
  }));

  route(app, operatorApi.approveWithdrawal, async (req) =>
    operator.reviewWithdrawal(operatorOf(req), req.params.id, { approve: true }),
  );

  route(app, operatorApi.rejectWithdrawal, async (req) =>
    operator.reviewWithdrawal(operatorOf(req), req.params.id, {
      approve: false,
      reason: req.body.reason,
    }),
  );

  route(app, operatorApi.bankAccounts, async (req) => ({
    items: await operator.listBanks(req.query),
  }));

  route(app, operatorApi.verifyBankAccount, async (req) =>
    operator.reviewBank(operatorOf(req), req.params.merchant, { verify: true }),
  );

  route(app, operatorApi.rejectBankAccount, async (req) =>
    operator.reviewBank(operatorOf(req), req.params.merchant, {
      verify: false,
      reason: req.body.reason,
    }),
  );

  route(app, operatorApi.merchants, async (req) => ({
    items: await operator.listMerchants(req.query),
  }));

  route(app, operatorApi.verifyBusiness, async (req) =>
    operator.reviewBusiness(operatorOf(req), req.params.merchant, { verify: true }),
  );

  route(app, operatorApi.rejectBusiness, async (req) =>
    operator.reviewBusiness(operatorOf(req), req.params.merchant, {
      verify: false,
      reason: req.body.reason,
    }),
  );

  route(app, operatorApi.ssmDocument, async (req, reply) =>
    sendDocument(reply, await operator.ssmDocument(req.params.merchant)),
  );

  route(app, operatorApi.taxDetails, async (req) => operator.storeTaxDetails(req.params.merchant));

  route(app, operatorApi.updateTaxDetails, async (req) =>
    operator.correctStoreTaxDetails(operatorOf(req), req.params.merchant, req.body),
  );

  route(app, operatorApi.creditWallet, async (req) =>
    operator.credit(
      operatorOf(req),
      req.params.merchant,
      req.query.role,
      req.body,
      req.headers['idempotency-key'],
    ),
  );

  route(app, operatorApi.serviceFee, async () => operator.serviceFee());

  route(app, operatorApi.updateServiceFee, async (req) =>
    operator.setServiceFee(operatorOf(req), req.body.rateBps),
  );

  route(app, operatorApi.runPayouts, async (req) => operator.runPayouts(operatorOf(req)));

  route(app, operatorApi.getBuyer, async (req) => operator.buyer(req.params.buyer));

  route(app, operatorApi.setCreditLimit, async (req) =>
    operator.setCreditLimit(operatorOf(req), req.params.buyer, req.body.amount),
  );

  route(app, operatorApi.suspendBuyer, async (req) =>
    operator.suspendBuyer(operatorOf(req), req.params.buyer, req.body.reason),
  );

  route(app, operatorApi.unsuspendBuyer, async (req) =>
    operator.unsuspendBuyer(operatorOf(req), req.params.buyer),
  );

  route(app, operatorApi.setMerchantLink, async (req) =>
    operator.linkBuyer(operatorOf(req), req.params.buyer, req.body.merchant),
  );

  route(app, operatorApi.audit, async (req) => ({
    items: await operator.auditLog(req.query.limit),
  }));

  if (!testClock) return;
  route(app, operatorApi.advanceClock, async (req) => {
    testClock.advance(req.body.advanceMs);
    return { now: testClock.now().toISOString() };
  });
}
