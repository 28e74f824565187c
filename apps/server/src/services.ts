import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { type Clock, systemClock, type TestClock } from './lib/clock.js';
import { createAuctionService } from './modules/auctions/auctions.service.js';
import { createBidService } from './modules/auctions/bids.service.js';
import { startInvalidations } from './db/invalidation.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { httpSmsSender, outboxSmsSender, type SmsSender } from './modules/auth/sms.js';
import { createBankService } from './modules/bank/bank.service.js';
import { createBoatService } from './modules/boats/boats.service.js';
import { createBuyerTaxService } from './modules/buyers/buyers.service.js';
import { startEventHub } from './modules/events/events.hub.js';
import { createEventService } from './modules/events/events.service.js';
import { createFeedbackService } from './modules/feedback/feedback.service.js';
import { createIdempotencyService } from './modules/idempotency/idempotency.js';
import { eInvoiceClientFor } from './modules/invoices/einvoice.client.js';
import { createInvoiceService } from './modules/invoices/invoices.service.js';
import { createMediaService } from './modules/media/media.service.js';
import { createNotificationService } from './modules/notifications/notifications.service.js';
import { createPushService } from './modules/notifications/push.service.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { createOrderService } from './modules/orders/orders.service.js';
import { createPayoutService } from './modules/payouts/payouts.service.js';
import type { PrinterNetwork } from './modules/printing/network-printer.js';
import { createPrintingService } from './modules/printing/printing.service.js';
import { createRecordsService } from './modules/records/records.service.js';
import { createStoreService } from './modules/store/store.service.js';
import { createFeeRateService, type Secrets } from './modules/system/settings.service.js';
import { createMerchantWalletService } from './modules/wallet/merchant-wallet.service.js';
import { createWalletService } from './modules/wallet/wallet.service.js';

/** What the services are made from besides the configuration: resources main.ts (or a test) owns. */
export interface ServiceDeps {
  database: Database;
  /** Keys that main.ts resolves from configuration or the database (resolveSecrets). */
  secrets: Secrets;
  /** A TestClock here, with TEST_CLOCK=true, is what the operator's test API moves. */
  clock?: Clock | TestClock;
  sms?: SmsSender;
  /** Where network printers are reached; tests stand in a LAN of their own. */
  printerNetwork?: PrinterNetwork;
}

/**
 * The composition root: every service, made once, for the routes (buildApp hands each plugin the
 * ones it needs) and for the jobs main.ts runs beside them. `stop` ends what it started.
 */
export async function createServices(
  config: Config,
  deps: ServiceDeps & { log: FastifyBaseLogger },
) {
  const { database, secrets, log } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;

  const sms =
    deps.sms ??
    (config.sms.provider === 'http' ? httpSmsSender(config.sms, log) : outboxSmsSender(db, log));
  const invalidations = await startInvalidations(database, log);
  const auth = createAuthService({
    db,
    clock,
    secret: secrets.appSecret,
    passwordHashCost: config.passwordHashCost,
    sms,
    log,
    invalidations,
  });
  const feeRate = createFeeRateService({ db, invalidations });
  const auctions = createAuctionService({ db, clock, log, feeRate });
  const hub = await startEventHub(database, log);
  const bids = createBidService({ db, clock, auctions });
  const orders = createOrderService({
    db,
    clock,
    einvoicePortalUrl: config.myinvois?.portalUrl ?? null,
  });
  const wallet = createWalletService({ db, clock, allowTopUp: config.env !== 'production' });
  const payouts = createPayoutService({ db, clock });
  const store = createStoreService({
    db,
    clock,
    documentsDir: config.documentsDir,
    mapTiles: config.mapTiles,
    log,
  });
  const push = createPushService({ db, clock, config: config.push, log });
  const invoices = createInvoiceService({
    db,
    clock,
    invoicesDir: config.invoicesDir,
    einvoice: eInvoiceClientFor(config.myinvois),
    // node-forge loads only for a server that signs (start-up loads what serving needs).
    signer: config.myinvois?.signing
      ? await (
          await import('./modules/invoices/einvoice.sign.js')
        ).signerFromConfig(config.myinvois.signing)
      : null,
    log,
  });
  const printing = createPrintingService({
    db,
    clock,
    secret: secrets.appSecret,
    lan: config.printing,
    network: deps.printerNetwork,
  });

  const services = {
    auth,
    auctions,
    bids,
    orders,
    wallet,
    merchantWallet: createMerchantWalletService({ db, clock }),
    payouts,
    store,
    push,
    invoices,
    printing,
    bank: createBankService({ db, clock }),
    feedback: createFeedbackService({ db, clock }),
    notifications: createNotificationService({ db, clock, push }),
    boats: createBoatService({ db }),
    records: createRecordsService({ db, clock }),
    buyerTax: createBuyerTaxService({ db }),
    operator: createOperatorService({ db, clock, payouts, store, feeRate }),
    media: createMediaService({ db, mediaDir: config.mediaDir, log }),
    events: createEventService({
      db,
      clock,
      hub,
      streamsPerSession: config.eventStreamsPerSession,
    }),
    idempotency: createIdempotencyService({ db, clock }),
  };
  return {
    services,
    stop: async () => {
      await hub.stop();
      await invalidations.stop();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>['services'];
