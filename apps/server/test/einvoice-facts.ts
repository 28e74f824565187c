import type { EInvoiceFacts } from '../src/modules/invoices/einvoice.js';

/** The demo store as an e-invoice's seller, every LHDN field filled. */
export const SELLER: EInvoiceFacts['seller'] = {
  name: 'Kuala Selangor Fresh Catch',
  tin: 'C20880050010',
  registrationNumber: '202001234567',
  sstNumber: null,
  msicCode: '46312',
  businessActivity: 'Wholesale of fish and other seafood',
  addressLines: ['Jeti Nelayan', 'Jalan Klinik', 'Kampung Kuantan', 'Pekan'],
  city: 'Kuala Selangor',
  postcode: '45000',
  stateCode: '10',
  phone: '+60123456789',
};

/** One invoice of 10.5 kg at RM 23.50 to a general-public buyer; `overrides` change it. */
export const invoiceFacts = (overrides: Partial<EInvoiceFacts> = {}): EInvoiceFacts => ({
  number: 'INV2026-000042',
  // 01:30 on 15 January in Kuala Lumpur: still the 14th in UTC.
  issuedAt: new Date('2026-01-14T17:30:05Z'),
  seller: SELLER,
  buyer: { taxDetails: null, phone: '+60130000001' },
  lines: [
    { description: 'Morning pomfret (Silver pomfret)', quantity: 105, price: 2350, amount: 24675 },
  ],
  ...overrides,
});
