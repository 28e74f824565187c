/**
 * The Malaysian e-invoice (LHDN MyInvois, Invoice v1.0) of one invoice, in the UBL 2.1 JSON form
 * MyInvois takes: every element an array, a value under `_`, attributes beside it, and the three
 * namespaces declared as `_D`, `_A`, `_B`. Version 1.0 needs no digital signature (1.1 does).
 *
 * Pure: facts in, document out. Money arrives in integer sen and becomes RM numbers only here.
 */

/** What LHDN assigns to buyers without a tax id of their own (the general public). */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';
/** LHDN state code "not applicable", for a buyer whose address is not known. */
const STATE_NOT_APPLICABLE = '17';
/** LHDN classification "Others": fresh seafood has no code of its own. */
const CLASSIFICATION_OTHERS = '022';
/** LHDN tax type "Not applicable": the marketplace charges no sales or service tax. */
const TAX_NOT_APPLICABLE = '06';
const MSIC_NOT_APPLICABLE = { code: '00000', description: 'NOT APPLICABLE' };

export interface EInvoiceSeller {
  name: string;
  tin: string | null;
  registrationNumber: string | null;
  sstNumber: string | null;
  msicCode: string | null;
  businessActivity: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  /** LHDN state code, '01' … '16'. */
  stateCode: string | null;
  /** E.164. */
  phone: string;
}

export interface EInvoiceFacts {
  /** The invoice number, also the document's code number at MyInvois. */
  number: string;
  issuedAt: Date;
  seller: EInvoiceSeller;
  buyer: { name: string | null; tin: string | null; phone: string };
  lines: {
    description: string;
    /** Tenths of a kg. */
    quantity: number;
    /** Sen per kg. */
    price: number;
    /** Sen. */
    amount: number;
  }[];
}

/** Store fields an e-invoice cannot go without, as the store's own field names. */
export const REQUIRED_SELLER_FIELDS = [
  'tin',
  'registrationNumber',
  'address',
  'city',
  'postcode',
  'stateCode',
] as const satisfies readonly (keyof EInvoiceSeller)[];
export type SellerField = (typeof REQUIRED_SELLER_FIELDS)[number];

export type UblDocument = Record<string, unknown>;

export type EInvoiceResult =
  { ok: true; document: UblDocument } | { ok: false; missing: SellerField[] };

type Attrs = Record<string, string>;
/** One UBL value: `[{_: value, ...attributes}]`. */
const v = (value: string | number, attrs: Attrs = {}) => [{ _: value, ...attrs }];
/** Sen → RM, the only place money stops being an integer. */
const rm = (sen: number) => sen / 100;
const myr = (sen: number) => v(rm(sen), { currencyID: 'MYR' });
const present = (s: string | null | undefined): s is string => !!s?.trim();

const TAX_SCHEME = [{ ID: v('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];
const taxCategory = () => [{ ID: v(TAX_NOT_APPLICABLE), TaxScheme: TAX_SCHEME }];
const malaysia = () => [
  { IdentificationCode: v('MYS', { listID: 'ISO3166-1', listAgencyID: '6' }) },
];

/** A free-text address as at most three lines, the split MyInvois expects. */
function addressLines(address: string) {
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const lines = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join(', ')] : parts;
  return lines.map((line) => ({ Line: v(line) }));
}

const ids = (pairs: [scheme: string, value: string][]) =>
  pairs.map(([schemeID, value]) => ({ ID: v(value, { schemeID }) }));

/** The document, or the seller fields that must be filled in first. */
export function buildEInvoice(facts: EInvoiceFacts): EInvoiceResult {
  const { seller, buyer } = facts;
  const filled = Object.fromEntries(
    REQUIRED_SELLER_FIELDS.map((f) => [f, seller[f]?.trim() ?? '']),
  ) as Record<SellerField, string>;
  const missing = REQUIRED_SELLER_FIELDS.filter((f) => !filled[f]);
  if (missing.length > 0) return { ok: false, missing };

  const total = facts.lines.reduce((sum, line) => sum + line.amount, 0);
  const iso = facts.issuedAt.toISOString();
  const msic = present(seller.msicCode)
    ? { code: seller.msicCode.trim(), description: seller.businessActivity?.trim() || 'NA' }
    : MSIC_NOT_APPLICABLE;

  const invoice = {
    ID: v(facts.number),
    // MyInvois reads both in UTC.
    IssueDate: v(iso.slice(0, 10)),
    IssueTime: v(`${iso.slice(11, 19)}Z`),
    InvoiceTypeCode: v('01', { listVersionID: '1.0' }),
    DocumentCurrencyCode: v('MYR'),
    TaxCurrencyCode: v('MYR'),
    AccountingSupplierParty: [
      {
        Party: [
          {
            IndustryClassificationCode: v(msic.code, { name: msic.description }),
            PartyIdentification: ids([
              ['TIN', filled.tin],
              ['BRN', filled.registrationNumber],
              ['SST', present(seller.sstNumber) ? seller.sstNumber.trim() : 'NA'],
              ['TTX', 'NA'],
            ]),
            PostalAddress: [
              {
                CityName: v(filled.city),
                PostalZone: v(filled.postcode),
                CountrySubentityCode: v(filled.stateCode),
                AddressLine: addressLines(filled.address),
                Country: malaysia(),
              },
            ],
            PartyLegalEntity: [{ RegistrationName: v(seller.name) }],
            Contact: [{ Telephone: v(seller.phone) }],
          },
        ],
      },
    ],
    AccountingCustomerParty: [
      {
        Party: [
          {
            PartyIdentification: ids([
              ['TIN', present(buyer.tin) ? buyer.tin.trim() : GENERAL_PUBLIC_TIN],
              ['BRN', 'NA'],
              ['SST', 'NA'],
            ]),
            // The marketplace knows its buyers by phone only.
            PostalAddress: [
              {
                CityName: v('NA'),
                CountrySubentityCode: v(STATE_NOT_APPLICABLE),
                AddressLine: [{ Line: v('NA') }],
                Country: malaysia(),
              },
            ],
            PartyLegalEntity: [
              { RegistrationName: v(present(buyer.name) ? buyer.name.trim() : 'General Public') },
            ],
            Contact: [{ Telephone: v(buyer.phone) }],
          },
        ],
      },
    ],
    TaxTotal: [
      {
        TaxAmount: myr(0),
        TaxSubtotal: [{ TaxableAmount: myr(total), TaxAmount: myr(0), TaxCategory: taxCategory() }],
      },
    ],
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: myr(total),
        TaxExclusiveAmount: myr(total),
        TaxInclusiveAmount: myr(total),
        PayableAmount: myr(total),
      },
    ],
    InvoiceLine: facts.lines.map((line, i) => ({
      ID: v(String(i + 1)),
      InvoicedQuantity: v(line.quantity / 10, { unitCode: 'KGM' }),
      LineExtensionAmount: myr(line.amount),
      TaxTotal: [
        {
          TaxAmount: myr(0),
          TaxSubtotal: [
            {
              TaxableAmount: myr(line.amount),
              TaxAmount: myr(0),
              Percent: v(0),
              TaxCategory: taxCategory(),
            },
          ],
        },
      ],
      Item: [
        {
          CommodityClassification: [
            { ItemClassificationCode: v(CLASSIFICATION_OTHERS, { listID: 'CLASS' }) },
          ],
          Description: v(line.description),
        },
      ],
      Price: [{ PriceAmount: myr(line.price) }],
      ItemPriceExtension: [{ Amount: myr(line.amount) }],
    })),
  };

  return {
    ok: true,
    document: {
      _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      Invoice: [invoice],
    },
  };
}
