import {
  type BuyerTaxDetails,
  GENERAL_PUBLIC_TIN,
  missingTaxFields,
  type TaxDocumentKind,
  type TaxField,
} from '@sm/contract';

/**
 * The Malaysian e-invoice (LHDN MyInvois, Invoice or Credit Note v1.0/1.1) of one invoice, in the UBL 2.1 JSON form
 * MyInvois takes: every element an array, a value under `_`, attributes beside it, and the three
 * namespaces declared as `_D`, `_A`, `_B`. Version 1.0 needs no digital signature (1.1 does).
 *
 * Pure: facts in, document out. Money arrives in integer sen and becomes RM numbers only here.
 */

/** LHDN state code "not applicable", for a buyer whose address is not known. */
const STATE_NOT_APPLICABLE = '17';
/** LHDN classification "Others": fresh seafood has no code of its own. */
const CLASSIFICATION_OTHERS = '022';
/** LHDN tax type "Not applicable": the marketplace charges no sales or service tax. */
const TAX_NOT_APPLICABLE = '06';
/** LHDN e-invoice types: 01 Invoice, 02 Credit Note. */
const TYPE_CODE = { invoice: '01', credit_note: '02' } as const;

export interface EInvoiceSeller {
  name: string;
  tin: string | null;
  registrationNumber: string | null;
  sstNumber: string | null;
  msicCode: string | null;
  businessActivity: string | null;
  addressLines: string[];
  city: string | null;
  postcode: string | null;
  /** LHDN state code, '01' … '16'. */
  stateCode: string | null;
  /** E.164. */
  phone: string;
}

export interface EInvoiceFacts {
  kind?: TaxDocumentKind;
  /** 1.0 unsigned; 1.1 carries a digital signature (added by the signer). */
  version?: '1.0' | '1.1';
  /** The document's number, also its code number at MyInvois. */
  number: string;
  issuedAt: Date;
  seller: EInvoiceSeller;
  /** Without tax details, the consolidated general public buyer. */
  buyer: { taxDetails: BuyerTaxDetails | null; phone: string };
  /** A credit note's invoice, as MyInvois knows it (LHDN requires both). */
  original?: { number: string; uuid: string };
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

export type UblDocument = Record<string, unknown>;

export type EInvoiceResult =
  { ok: true; document: UblDocument } | { ok: false; missing: TaxField[] };

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

/** Address lines as UBL `AddressLine`s: at most three, the rest joined into the third. */
function addressLines(lines: readonly string[]) {
  const parts = lines.map((p) => p.trim()).filter(Boolean);
  const three = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join(', ')] : parts;
  return three.map((line) => ({ Line: v(line) }));
}

const ids = (pairs: [scheme: string, value: string][]) =>
  pairs.map(([schemeID, value]) => ({ ID: v(value, { schemeID }) }));

/** The document, or the seller's tax details that must be filled in first. */
export function buildEInvoice(facts: EInvoiceFacts): EInvoiceResult {
  const { seller, buyer } = facts;
  const missing = missingTaxFields(seller);
  if (missing.length > 0) return { ok: false, missing };
  const filled = {
    tin: (seller.tin ?? '').trim(),
    registrationNumber: (seller.registrationNumber ?? '').trim(),
    msicCode: (seller.msicCode ?? '').trim(),
    businessActivity: (seller.businessActivity ?? '').trim(),
    city: (seller.city ?? '').trim(),
    postcode: (seller.postcode ?? '').trim(),
    stateCode: (seller.stateCode ?? '').trim(),
  };
  const kind = facts.kind ?? 'invoice';
  const version = facts.version ?? '1.0';

  const total = facts.lines.reduce((sum, line) => sum + line.amount, 0);
  const iso = facts.issuedAt.toISOString();
  const tax = buyer.taxDetails;

  const invoice = {
    ID: v(facts.number),
    // MyInvois reads both in UTC.
    IssueDate: v(iso.slice(0, 10)),
    IssueTime: v(`${iso.slice(11, 19)}Z`),
    InvoiceTypeCode: v(TYPE_CODE[kind], { listVersionID: version }),
    DocumentCurrencyCode: v('MYR'),
    TaxCurrencyCode: v('MYR'),
    AccountingSupplierParty: [
      {
        Party: [
          {
            IndustryClassificationCode: v(filled.msicCode, { name: filled.businessActivity }),
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
                AddressLine: addressLines(seller.addressLines),
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
          tax
            ? {
                PartyIdentification: ids([
                  ['TIN', tax.tin],
                  [tax.idType, tax.idNumber],
                  ['SST', tax.sstNumber ?? 'NA'],
                ]),
                PostalAddress: [
                  {
                    CityName: v(tax.city),
                    PostalZone: v(tax.postcode),
                    CountrySubentityCode: v(tax.stateCode),
                    AddressLine: addressLines(tax.addressLines),
                    Country: malaysia(),
                  },
                ],
                PartyLegalEntity: [{ RegistrationName: v(tax.name) }],
                Contact: [
                  {
                    Telephone: v(buyer.phone),
                    ...(tax.email ? { ElectronicMail: v(tax.email) } : {}),
                  },
                ],
              }
            : {
                // LHDN's consolidated general public buyer: no tax id, no address of its own.
                PartyIdentification: ids([
                  ['TIN', GENERAL_PUBLIC_TIN],
                  ['BRN', 'NA'],
                  ['SST', 'NA'],
                ]),
                PostalAddress: [
                  {
                    CityName: v('NA'),
                    CountrySubentityCode: v(STATE_NOT_APPLICABLE),
                    AddressLine: [{ Line: v('NA') }],
                    Country: malaysia(),
                  },
                ],
                PartyLegalEntity: [{ RegistrationName: v('General Public') }],
                Contact: [{ Telephone: v(buyer.phone) }],
              },
        ],
      },
    ],
    ...(facts.original
      ? {
          BillingReference: [
            {
              InvoiceDocumentReference: [
                { ID: v(facts.original.number), UUID: v(facts.original.uuid) },
              ],
            },
          ],
        }
      : {}),
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
