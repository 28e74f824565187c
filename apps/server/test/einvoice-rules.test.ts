import { describe, expect, it } from 'vitest';
import { buildEInvoice, type EInvoiceFacts } from '../src/modules/invoices/einvoice.js';
import { checkEInvoice } from './einvoice-rules.js';

type Node = Record<string, unknown>;
type BuyerTaxDetails = NonNullable<EInvoiceFacts['buyer']['taxDetails']>;

/** One UBL value, `[{_: value, ...attributes}]`, and an amount in MYR. */
const v = (value: unknown, attrs: Record<string, string> = {}) => [{ _: value, ...attrs }];
const myr = (value: number) => v(value, { currencyID: 'MYR' });

const seller: EInvoiceFacts['seller'] = {
  name: 'Kuala Selangor Fresh Catch',
  tin: 'C20880050010',
  registrationNumber: '202001234567',
  sstNumber: null,
  msicCode: '46323',
  businessActivity: 'Wholesale of fish and seafood',
  addressLines: ['Jeti Nelayan', 'Jalan Klinik', '45000 Kuala Selangor, Selangor'],
  city: 'Kuala Selangor',
  postcode: '45000',
  stateCode: '10',
  phone: '+60123456789',
};

const restaurant: BuyerTaxDetails = {
  name: '陈记海鲜 Tan Kee Seafood Sdn. Bhd.',
  tin: 'C25845632020',
  idType: 'BRN',
  idNumber: '201901234567',
  sstNumber: null,
  email: 'akaun@tankee.my',
  addressLines: ['12 Jalan Pasar', 'Taman Sentosa'],
  postcode: '41200',
  city: 'Klang',
  stateCode: '10',
};

const facts = (overrides: Partial<EInvoiceFacts> = {}): EInvoiceFacts => ({
  number: 'INV2026-000042',
  // 01:30 on 15 January in Kuala Lumpur: still the 14th in UTC.
  issuedAt: new Date('2026-01-14T17:30:05Z'),
  seller,
  buyer: { taxDetails: null, phone: '+60130000001' },
  lines: [
    { description: 'Morning pomfret (Silver pomfret)', quantity: 105, price: 2350, amount: 24675 },
  ],
  ...overrides,
});

/** What buildEInvoice makes of `facts`, as the JSON text MyInvois receives. */
function built(overrides: Partial<EInvoiceFacts> = {}): Node {
  const result = buildEInvoice(facts(overrides));
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
  return JSON.parse(JSON.stringify(result.document)) as Node;
}

/** The object at a dotted path of keys and array indexes. */
function at(root: Node, path: string): Node {
  let here: unknown = root;
  for (const key of path.split('.')) {
    if (Array.isArray(here)) here = here[Number(key)];
    else if (typeof here === 'object' && here !== null) here = (here as Node)[key];
    else here = undefined;
  }
  if (typeof here !== 'object' || here === null || Array.isArray(here)) {
    throw new Error(`no object at ${path}`);
  }
  return here as Node;
}

const party = (role: 'Supplier' | 'Customer') => ({
  Party: [
    {
      ...(role === 'Supplier'
        ? {
            IndustryClassificationCode: v('46510', {
              name: 'Wholesale of computer hardware, software and peripherals',
            }),
          }
        : {}),
      PartyIdentification: [
        { ID: v(role === 'Supplier' ? 'C2584563220' : 'C2584563200', { schemeID: 'TIN' }) },
        { ID: v(role === 'Supplier' ? '202001234567' : '201901234567', { schemeID: 'BRN' }) },
        { ID: v(role === 'Supplier' ? 'A01-2345-67891012' : 'NA', { schemeID: 'SST' }) },
        { ID: v(role === 'Supplier' ? '123-4567-89012345' : 'NA', { schemeID: 'TTX' }) },
      ],
      PostalAddress: [
        {
          CityName: v('Kuala Lumpur'),
          PostalZone: v('50480'),
          CountrySubentityCode: v('14'),
          AddressLine: [
            { Line: v('Lot 66') },
            { Line: v('Bangunan Merdeka') },
            { Line: v('Persiaran Jaya') },
          ],
          Country: [{ IdentificationCode: v('MYS', { listID: 'ISO3166-1', listAgencyID: '6' }) }],
        },
      ],
      PartyLegalEntity: [
        { RegistrationName: v(role === 'Supplier' ? 'AMS Setia Jaya Sdn. Bhd.' : 'Hebat Group') },
      ],
      Contact: [
        {
          Telephone: v('+60123456789'),
          ElectronicMail: v(role === 'Supplier' ? 'general.ams@supplier.com' : 'name@buyer.com'),
        },
      ],
    },
  ],
});

const oth = () => [{ ID: v('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];

/**
 * A document in the shape of LHDN's 1.0-Invoice-Sample.json (every optional part it has), with
 * real-looking identifiers and sums that add up (the sample's own do not: its tax is 87.63 while
 * its totals with and without tax are the same).
 */
function lhdnSample(): Node {
  return {
    _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    Invoice: [
      {
        ID: v('JSON-INV12345'),
        IssueDate: v('2024-07-23'),
        IssueTime: v('00:30:00Z'),
        InvoiceTypeCode: v('01', { listVersionID: '1.0' }),
        DocumentCurrencyCode: v('MYR'),
        TaxCurrencyCode: v('MYR'),
        InvoicePeriod: [
          { StartDate: v('2024-01-01'), EndDate: v('2024-07-31'), Description: v('Monthly') },
        ],
        BillingReference: [{ AdditionalDocumentReference: [{ ID: v('E12345678912') }] }],
        AdditionalDocumentReference: [
          { ID: v('E12345678912'), DocumentType: v('CustomsImportForm') },
          {
            ID: v('FTA'),
            DocumentType: v('FreeTradeAgreement'),
            DocumentDescription: v('ASEAN-Australia-New Zealand FTA (AANZFTA)'),
          },
          { ID: v('E12345678912'), DocumentType: v('K2') },
          { ID: v('CIF') },
        ],
        AccountingSupplierParty: [
          {
            AdditionalAccountID: v('CPT-CCN-W-211111-KL-000002', { schemeAgencyName: 'CertEX' }),
            ...party('Supplier'),
          },
        ],
        AccountingCustomerParty: [party('Customer')],
        Delivery: [
          {
            DeliveryParty: [
              {
                PartyLegalEntity: [{ RegistrationName: v("Recipient's Name") }],
                PartyIdentification: [
                  { ID: v('C2584563210', { schemeID: 'TIN' }) },
                  { ID: v('201901234567', { schemeID: 'BRN' }) },
                ],
              },
            ],
            Shipment: [
              {
                ID: v('1234'),
                FreightAllowanceCharge: [
                  {
                    ChargeIndicator: v(true),
                    AllowanceChargeReason: v('Service charge'),
                    Amount: myr(100),
                  },
                ],
              },
            ],
          },
        ],
        PaymentMeans: [
          { PaymentMeansCode: v('03'), PayeeFinancialAccount: [{ ID: v('1234567890123') }] },
        ],
        PaymentTerms: [{ Note: v('Payment method is cash') }],
        PrepaidPayment: [
          {
            ID: v('E12345678912'),
            PaidAmount: myr(1),
            PaidDate: v('2024-07-23'),
            PaidTime: v('00:30:00Z'),
          },
        ],
        AllowanceCharge: [
          {
            ChargeIndicator: v(false),
            AllowanceChargeReason: v('Sample Description'),
            Amount: myr(100),
          },
          {
            ChargeIndicator: v(true),
            AllowanceChargeReason: v('Service charge'),
            Amount: myr(100),
          },
        ],
        TaxTotal: [
          {
            TaxAmount: myr(161.5),
            TaxSubtotal: [
              {
                TaxableAmount: myr(1615),
                TaxAmount: myr(161.5),
                TaxCategory: [{ ID: v('01'), TaxScheme: oth() }],
              },
              {
                TaxableAmount: myr(500),
                TaxAmount: myr(0),
                TaxCategory: [
                  {
                    ID: v('E'),
                    TaxExemptionReason: v('Exempt New Means of Transport'),
                    TaxScheme: oth(),
                  },
                ],
              },
            ],
          },
        ],
        LegalMonetaryTotal: [
          {
            // 1615 + 500
            LineExtensionAmount: myr(2115),
            // 2115 − 100 + 100
            TaxExclusiveAmount: myr(2115),
            // 2115 + 161.50
            TaxInclusiveAmount: myr(2276.5),
            AllowanceTotalAmount: myr(100),
            ChargeTotalAmount: myr(100),
            PayableRoundingAmount: myr(0.3),
            // 2276.50 − 1 + 0.30
            PayableAmount: myr(2275.8),
          },
        ],
        InvoiceLine: [
          {
            ID: v('1234'),
            InvoicedQuantity: v(100, { unitCode: 'C62' }),
            // 1700 − 255 + 170
            LineExtensionAmount: myr(1615),
            AllowanceCharge: [
              {
                ChargeIndicator: v(false),
                AllowanceChargeReason: v('Sample Description'),
                MultiplierFactorNumeric: v(0.15),
                Amount: myr(255),
              },
              {
                ChargeIndicator: v(true),
                AllowanceChargeReason: v('Sample Description'),
                MultiplierFactorNumeric: v(0.1),
                Amount: myr(170),
              },
            ],
            TaxTotal: [
              {
                TaxAmount: myr(161.5),
                TaxSubtotal: [
                  {
                    TaxableAmount: myr(1615),
                    TaxAmount: myr(161.5),
                    Percent: v(10),
                    TaxCategory: [{ ID: v('01'), TaxScheme: oth() }],
                  },
                ],
              },
            ],
            Item: [
              {
                CommodityClassification: [
                  { ItemClassificationCode: v('9800.00.0010', { listID: 'PTC' }) },
                  { ItemClassificationCode: v('003', { listID: 'CLASS' }) },
                ],
                Description: v('Laptop Peripherals'),
                OriginCountry: [{ IdentificationCode: v('MYS') }],
              },
            ],
            Price: [{ PriceAmount: myr(17) }],
            // 17 × 100
            ItemPriceExtension: [{ Amount: myr(1700) }],
          },
          {
            ID: v('1235'),
            InvoicedQuantity: v(1, { unitCode: 'C62' }),
            LineExtensionAmount: myr(500),
            TaxTotal: [
              {
                TaxAmount: myr(0),
                TaxSubtotal: [
                  {
                    TaxableAmount: myr(500),
                    TaxAmount: myr(0),
                    Percent: v(0),
                    TaxCategory: [
                      {
                        ID: v('E'),
                        TaxExemptionReason: v('Exempt New Means of Transport'),
                        TaxScheme: oth(),
                      },
                    ],
                  },
                ],
              },
            ],
            Item: [
              {
                CommodityClassification: [
                  { ItemClassificationCode: v('022', { listID: 'CLASS' }) },
                ],
                Description: v('Electric bicycle'),
              },
            ],
            Price: [{ PriceAmount: myr(500) }],
            ItemPriceExtension: [{ Amount: myr(500) }],
          },
        ],
      },
    ],
  };
}

const versionOf = (typeCode: unknown) => String((typeCode as Node[])[0]?.listVersionID ?? '1.0');

/** As a credit note (02) on the sample invoice, in the shape of 1.0-Credit-Note-Sample.json. */
function asCreditNote(document: Node): Node {
  const invoice = at(document, 'Invoice.0');
  invoice.ID = v('JSON-CN12345');
  invoice.InvoiceTypeCode = v('02', { listVersionID: versionOf(invoice.InvoiceTypeCode) });
  invoice.BillingReference = [
    {
      InvoiceDocumentReference: [{ ID: v('JSON-INV12345'), UUID: v('F9D425P6DS7D8IU2PFJ1Q3GK10') }],
    },
    { AdditionalDocumentReference: [{ ID: v('E12345678912') }] },
  ];
  return document;
}

/**
 * As version 1.1 with the signature's parts where LHDN's 1.1-Invoice-Sample.json has them (the
 * values are placeholders: the checker looks for the parts, not at the cryptography).
 */
function signed(document: Node): Node {
  const invoice = at(document, 'Invoice.0');
  (invoice.InvoiceTypeCode as Node[])[0] = {
    ...(invoice.InvoiceTypeCode as Node[])[0],
    listVersionID: '1.1',
  };
  const digest = (value: string) => ({
    DigestMethod: [{ _: '', Algorithm: 'http://www.w3.org/2001/04/xmlenc#sha256' }],
    DigestValue: v(value),
  });
  invoice.UBLExtensions = [
    {
      UBLExtension: [
        {
          ExtensionURI: v('urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
          ExtensionContent: [
            {
              UBLDocumentSignatures: [
                {
                  SignatureInformation: [
                    {
                      ID: v('urn:oasis:names:specification:ubl:signature:1'),
                      ReferencedSignatureID: v(
                        'urn:oasis:names:specification:ubl:signature:Invoice',
                      ),
                      Signature: [
                        {
                          Id: 'signature',
                          Object: [
                            {
                              QualifyingProperties: [
                                {
                                  Target: 'signature',
                                  SignedProperties: [
                                    {
                                      Id: 'id-xades-signed-props',
                                      SignedSignatureProperties: [
                                        {
                                          SigningTime: v('2024-07-23T00:30:05Z'),
                                          SigningCertificate: [
                                            {
                                              Cert: [
                                                {
                                                  CertDigest: [digest('Y2VydA==')],
                                                  IssuerSerial: [
                                                    {
                                                      X509IssuerName: v('CN=Test CA, C=MY'),
                                                      X509SerialNumber: v('1234567890'),
                                                    },
                                                  ],
                                                },
                                              ],
                                            },
                                          ],
                                        },
                                      ],
                                    },
                                  ],
                                },
                              ],
                            },
                          ],
                          KeyInfo: [
                            {
                              X509Data: [
                                {
                                  X509Certificate: v('TUlJRmxEQ0NBM3lnQXdJQkFnSVE='),
                                  X509SubjectName: v('CN=Test CA, C=MY'),
                                },
                              ],
                            },
                          ],
                          SignatureValue: v('UVR2bnRnNG9wdVM3WllXbWx5L2lBTzJP'),
                          SignedInfo: [
                            {
                              SignatureMethod: [
                                {
                                  _: '',
                                  Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
                                },
                              ],
                              Reference: [
                                {
                                  Type: 'http://uri.etsi.org/01903/v1.3.2#SignedProperties',
                                  URI: '#id-xades-signed-props',
                                  ...digest('UnNpZ25lZHByb3Bz'),
                                },
                                { Type: '', URI: '', ...digest('ZG9jZGlnZXN0') },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  invoice.Signature = [
    {
      ID: v('urn:oasis:names:specification:ubl:signature:Invoice'),
      SignatureMethod: v('urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
    },
  ];
  return document;
}

const SUPPLIER = 'Invoice.AccountingSupplierParty.Party';
const BUYER = 'Invoice.AccountingCustomerParty.Party';

describe('checkEInvoice: what buildEInvoice makes today', () => {
  it('passes an invoice to the general public (a buyer without tax details)', () => {
    expect(checkEInvoice(built())).toEqual([]);
  });

  it('passes an invoice to a buyer with its own TIN and registration number', () => {
    const document = built({ buyer: { taxDetails: restaurant, phone: '+60130000001' } });
    expect(checkEInvoice(document)).toEqual([]);
  });

  it('passes an individual buyer with an IG TIN and MyKad number, and a seller with SST', () => {
    const person: BuyerTaxDetails = {
      ...restaurant,
      name: 'Tan Ah Kow',
      tin: 'IG12345678901',
      idType: 'NRIC',
      idNumber: '770625015324',
      email: null,
    };
    const document = built({
      seller: { ...seller, sstNumber: 'W10-1808-32000001' },
      buyer: { taxDetails: person, phone: '+60130000002' },
    });
    expect(checkEInvoice(document)).toEqual([]);
  });

  it('passes several lines whose sen round into RM', () => {
    const document = built({
      lines: [
        { description: 'a', quantity: 1, price: 10, amount: 1 },
        { description: 'b', quantity: 3, price: 1990, amount: 597 },
        { description: 'c', quantity: 105, price: 2350, amount: 24675 },
      ],
    });
    expect(checkEInvoice(document)).toEqual([]);
  });

  it('passes a credit note that names the original invoice by number and MyInvois UUID', () => {
    const document = built({
      kind: 'credit_note',
      number: 'CN2026-000007',
      original: { number: 'INV2026-000042', uuid: 'F9D425P6DS7D8IU2PFJ1Q3GK10' },
    });
    expect(checkEInvoice(document)).toEqual([]);
  });

  it('reports a credit note without its original invoice', () => {
    expect(checkEInvoice(built({ kind: 'credit_note' }))).toEqual([
      'Invoice.BillingReference.InvoiceDocumentReference: missing: a credit note names the original e-invoice (ID and MyInvois UUID)',
    ]);
  });

  it('reports a v1.1 document until the signer adds its signature, and passes it then', () => {
    const unsigned = built({ version: '1.1' });
    expect(checkEInvoice(unsigned)).toEqual([
      'Invoice.UBLExtensions: missing: a v1.1 document carries its digital signature',
      'Invoice.Signature: missing: a v1.1 document names its signature',
    ]);
    expect(checkEInvoice(signed(unsigned))).toEqual([]);
  });
});

describe('checkEInvoice: LHDN-shaped documents', () => {
  it("passes a document in the shape of LHDN's 1.0 invoice sample", () => {
    expect(checkEInvoice(lhdnSample())).toEqual([]);
  });

  it('passes it as a credit note, and as version 1.1 signed', () => {
    expect(checkEInvoice(asCreditNote(lhdnSample()))).toEqual([]);
    expect(checkEInvoice(signed(lhdnSample()))).toEqual([]);
    expect(checkEInvoice(signed(asCreditNote(lhdnSample())))).toEqual([]);
  });

  it('passes the consolidated general public buyer of LHDN’s consolidated sample', () => {
    const document = lhdnSample();
    const buyer = at(document, 'Invoice.0.AccountingCustomerParty.0.Party.0');
    buyer.PartyIdentification = [
      { ID: v('EI00000000010', { schemeID: 'TIN' }) },
      { ID: v('NA', { schemeID: 'BRN' }) },
      { ID: v('NA', { schemeID: 'SST' }) },
      { ID: v('NA', { schemeID: 'TTX' }) },
    ];
    buyer.PartyLegalEntity = [{ RegistrationName: v('General Public') }];
    buyer.PostalAddress = [{ CountrySubentityCode: v('17'), AddressLine: [{ Line: v('NA') }] }];
    buyer.Contact = [{ Telephone: v('NA') }];
    expect(checkEInvoice(document)).toEqual([]);
  });

  it('names each problem by its path', () => {
    const document = lhdnSample();
    const supplier = at(document, 'Invoice.0.AccountingSupplierParty.0.Party.0');
    supplier.PartyIdentification = (supplier.PartyIdentification as Node[]).slice(1);
    expect(checkEInvoice(document)).toEqual([`${SUPPLIER}.PartyIdentification TIN: missing`]);
    expect(checkEInvoice({})).toEqual([
      '_D: must be "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2", not nothing',
      '_A: must be "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2", not nothing',
      '_B: must be "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2", not nothing',
      'Invoice: missing',
    ]);
  });
});

// ---- Each mandatory field removed or malformed, in turn ----

type Base = 'invoice' | 'credit' | 'signed';
const bases: Record<Base, () => Node> = {
  invoice: lhdnSample,
  credit: () => asCreditNote(lhdnSample()),
  signed: () => signed(lhdnSample()),
};

const I = 'Invoice.0';
const S = `${I}.AccountingSupplierParty.0.Party.0`;
const B = `${I}.AccountingCustomerParty.0.Party.0`;
const SA = `${S}.PostalAddress.0`;
const BA = `${B}.PostalAddress.0`;
const L = `${I}.InvoiceLine.0`;
const LT = `${L}.TaxTotal.0`;
const LTS = `${LT}.TaxSubtotal.0`;
const T = `${I}.TaxTotal.0`;
const M = `${I}.LegalMonetaryTotal.0`;
const EXT = `${I}.UBLExtensions.0.UBLExtension.0`;
const SIG_INFO = `${EXT}.ExtensionContent.0.UBLDocumentSignatures.0.SignatureInformation.0`;
const DS = `${SIG_INFO}.Signature.0`;

/** Removes `key` under `path`. */
const drop = (path: string, key: string) => (d: Node) => {
  delete at(d, path)[key];
};
/** Sets the `_` (or, with `attr`, an attribute) of the UBL value `key` under `path`. */
const put =
  (path: string, key: string, value: unknown, attr = '_') =>
  (d: Node) => {
    at(d, `${path}.${key}.0`)[attr] = value;
  };
/** Sets (or, with undefined, removes) a party's identification of `scheme`. */
const id = (path: string, scheme: string, value: string | undefined) => (d: Node) => {
  const party = at(d, path);
  const others = (party.PartyIdentification as Node[]).filter(
    (p) => at(p, 'ID.0').schemeID !== scheme,
  );
  party.PartyIdentification =
    value === undefined ? others : [...others, { ID: v(value, { schemeID: scheme }) }];
};

// prettier-ignore
const cases: [name: string, mutate: (d: Node) => void, problem: string, base?: Base][] = [
  // The wrapper and the header.
  ['wrong _D', (d) => (d._D = 'Invoice-2'), '_D: must be'],
  ['no Invoice ID', drop(I, 'ID'), 'Invoice.ID: missing'],
  ['Invoice ID of 51 characters', put(I, 'ID', 'X'.repeat(51)), 'Invoice.ID: longer than 50'],
  ['no IssueDate', drop(I, 'IssueDate'), 'Invoice.IssueDate: missing'],
  ['IssueDate as DD/MM/YYYY', put(I, 'IssueDate', '23/07/2024'), 'Invoice.IssueDate: "23/07/2024" is not YYYY-MM-DD'],
  ['IssueDate not a date', put(I, 'IssueDate', '2024-02-30'), 'Invoice.IssueDate: "2024-02-30" is not a calendar date'],
  ['IssueDate in month 13', put(I, 'IssueDate', '2024-13-01'), 'Invoice.IssueDate: "2024-13-01" is not a calendar date'],
  ['no IssueTime', drop(I, 'IssueTime'), 'Invoice.IssueTime: missing'],
  ['IssueTime without Z', put(I, 'IssueTime', '00:30:00'), 'Invoice.IssueTime: "00:30:00" is not HH:MM:SSZ'],
  ['IssueTime in +08:00', put(I, 'IssueTime', '08:30:00+08:00'), 'Invoice.IssueTime: "08:30:00+08:00" is not'],
  ['no InvoiceTypeCode', drop(I, 'InvoiceTypeCode'), 'Invoice.InvoiceTypeCode: missing'],
  ['type 03 (debit note)', put(I, 'InvoiceTypeCode', '03'), 'Invoice.InvoiceTypeCode: "03" (Debit Note) is not checked here'],
  ['type 04 (refund note)', put(I, 'InvoiceTypeCode', '04'), '(Refund Note) is not checked here'],
  ['type as a number', put(I, 'InvoiceTypeCode', 1), 'Invoice.InvoiceTypeCode: must be text'],
  ['no listVersionID', put(I, 'InvoiceTypeCode', undefined, 'listVersionID'), 'Invoice.InvoiceTypeCode listVersionID: missing'],
  ['listVersionID 2.0', put(I, 'InvoiceTypeCode', '2.0', 'listVersionID'), 'Invoice.InvoiceTypeCode listVersionID: "2.0" is not in 1.0, 1.1'],
  ['no DocumentCurrencyCode', drop(I, 'DocumentCurrencyCode'), 'Invoice.DocumentCurrencyCode: missing'],
  ['currency USD', put(I, 'DocumentCurrencyCode', 'USD'), 'Invoice.DocumentCurrencyCode: "USD" is not MYR'],
  ['tax currency SGD', put(I, 'TaxCurrencyCode', 'SGD'), 'Invoice.TaxCurrencyCode: "SGD" is not in MYR'],

  // Supplier [INV Supplier].
  ['no supplier', drop(I, 'AccountingSupplierParty'), `${SUPPLIER}: missing`],
  ['no supplier name', drop(S, 'PartyLegalEntity'), `${SUPPLIER}.PartyLegalEntity.RegistrationName: missing`],
  ['supplier name of 301', put(`${S}.PartyLegalEntity.0`, 'RegistrationName', 'N'.repeat(301)), 'RegistrationName: longer than 300'],
  ['no supplier TIN', id(S, 'TIN', undefined), `${SUPPLIER}.PartyIdentification TIN: missing`],
  ['supplier TIN of 15', id(S, 'TIN', 'C12345678901230'), `${SUPPLIER}.PartyIdentification TIN: longer than 14`],
  ['supplier TIN with a dash', id(S, 'TIN', 'C-2584563220'), 'is not an LHDN TIN'],
  ['supplier TIN of an unknown prefix', id(S, 'TIN', 'X2584563220'), 'is not an LHDN TIN'],
  ['company TIN not ending in 0', id(S, 'TIN', 'C2584563222'), 'a non-individual TIN ends in 0'],
  ['company TIN with a leading 0', id(S, 'TIN', 'C02584563220'), 'a non-individual TIN ends in 0'],
  ['made-up general TIN', id(S, 'TIN', 'EI00000000050'), "is not one of LHDN's general TINs"],
  ['supplier with the general public TIN and a BRN', id(S, 'TIN', 'EI00000000010'), `${SUPPLIER}.PartyIdentification TIN: EI00000000010 is for an individual`],
  ['supplier with the foreign supplier TIN', id(S, 'TIN', 'EI00000000030'), "is not a supplier's TIN"],
  ['two supplier TINs', (d) => { id(S, 'TIN', 'C2584563220')(d); (at(d, S).PartyIdentification as Node[]).push({ ID: v('C1', { schemeID: 'TIN' }) }); }, 'TIN: 2 of them; at most one'],
  ['no supplier BRN (no ID at all)', id(S, 'BRN', undefined), `${SUPPLIER}.PartyIdentification BRN: missing (or NRIC, PASSPORT, ARMY`],
  ['supplier BRN of 21', id(S, 'BRN', '1'.repeat(21)), 'PartyIdentification BRN: longer than 20'],
  ['supplier NRIC of 13', (d) => { id(S, 'BRN', undefined)(d); id(S, 'NRIC', '7706250153241')(d); }, 'PartyIdentification NRIC: longer than 12'],
  ['supplier PASSPORT of 13', (d) => { id(S, 'BRN', undefined)(d); id(S, 'PASSPORT', 'A123456789012')(d); }, 'PartyIdentification PASSPORT: longer than 12'],
  ['supplier BRN and NRIC', id(S, 'NRIC', '770625015324'), 'PartyIdentification NRIC/BRN: only one'],
  ['supplier BRN "NA"', id(S, 'BRN', 'NA'), "BRN: must be the supplier's own number"],
  ['unknown scheme', id(S, 'GST', '123'), 'PartyIdentification: schemeID "GST" is not one of'],
  ['no supplier SST', id(S, 'SST', undefined), `${SUPPLIER}.PartyIdentification SST: missing`],
  ['supplier SST of 36', id(S, 'SST', 'A'.repeat(36)), 'SST: longer than 35'],
  ['supplier SST with "/"', id(S, 'SST', 'A01/2345/67891012'), 'SST: "A01/2345/67891012": letters, digits and "-"'],
  ['three SST numbers', id(S, 'SST', 'A01-1;B02-2;C03-3'), 'at most two numbers split by ";"'],
  ['no supplier TTX', id(S, 'TTX', undefined), `${SUPPLIER}.PartyIdentification TTX: missing`],
  ['supplier TTX of 18', id(S, 'TTX', '123-4567-890123456'), 'TTX: longer than 17'],
  ['supplier TTX with ";"', id(S, 'TTX', '123;4567'), 'TTX: "123;4567": letters, digits and "-"'],
  ['no MSIC', drop(S, 'IndustryClassificationCode'), `${SUPPLIER}.IndustryClassificationCode: missing`],
  ['MSIC of 4 digits', put(S, 'IndustryClassificationCode', '4651'), 'IndustryClassificationCode: "4651" is not a 5-digit MSIC code'],
  ['MSIC with a letter', put(S, 'IndustryClassificationCode', '4651A'), 'is not a 5-digit MSIC code'],
  ['no business activity', put(S, 'IndustryClassificationCode', undefined, 'name'), `${SUPPLIER}.IndustryClassificationCode name: missing`],
  ['business activity of 301', put(S, 'IndustryClassificationCode', 'A'.repeat(301), 'name'), 'IndustryClassificationCode name: longer than 300'],
  ['no supplier address', drop(S, 'PostalAddress'), `${SUPPLIER}.PostalAddress: missing`],
  ['no address line', drop(SA, 'AddressLine'), `${SUPPLIER}.PostalAddress.AddressLine: missing`],
  ['blank address line 0', put(`${SA}.AddressLine.0`, 'Line', ' '), 'PostalAddress.AddressLine[0].Line: missing'],
  ['address line of 151', put(`${SA}.AddressLine.1`, 'Line', 'L'.repeat(151)), 'AddressLine[1].Line: longer than 150'],
  ['four address lines', (d) => (at(d, SA).AddressLine as Node[]).push({ Line: v('Fourth') }), 'AddressLine: 4 lines'],
  ['no supplier city', drop(SA, 'CityName'), `${SUPPLIER}.PostalAddress.CityName: missing`],
  ['city of 51', put(SA, 'CityName', 'C'.repeat(51)), 'CityName: longer than 50'],
  ['Malaysian postcode of 6 digits', put(SA, 'PostalZone', '504800'), 'PostalZone: "504800" is not a Malaysian postcode'],
  ['Malaysian postcode with letters', put(SA, 'PostalZone', 'KL504'), 'is not a Malaysian postcode'],
  ['no supplier state', drop(SA, 'CountrySubentityCode'), `${SUPPLIER}.PostalAddress.CountrySubentityCode: missing`],
  ['state 18', put(SA, 'CountrySubentityCode', '18'), 'CountrySubentityCode: "18" is not in LHDN\'s state codes'],
  ['state 00 (no longer valid)', put(SA, 'CountrySubentityCode', '00'), 'CountrySubentityCode: "00" is not in'],
  ['Malaysian state by name', put(SA, 'CountrySubentityCode', 'Selangor'), '"Selangor" is not in'],
  ['no supplier country', drop(SA, 'Country'), `${SUPPLIER}.PostalAddress.Country.IdentificationCode: missing`],
  ['country MY', put(`${SA}.Country.0`, 'IdentificationCode', 'MY'), 'IdentificationCode: "MY" is not an ISO 3166-1 alpha-3 code'],
  ['country without listID', put(`${SA}.Country.0`, 'IdentificationCode', undefined, 'listID'), 'listID must be "ISO3166-1"'],
  ['country listAgencyID 5', put(`${SA}.Country.0`, 'IdentificationCode', '5', 'listAgencyID'), 'listAgencyID must be "6"'],
  ['no supplier phone', drop(`${S}.Contact.0`, 'Telephone'), `${SUPPLIER}.Contact.Telephone: missing`],
  ['phone with spaces and a dash', put(`${S}.Contact.0`, 'Telephone', '+6012-345 6789'), 'is not digits after an optional "+"'],
  ['phone of 7', put(`${S}.Contact.0`, 'Telephone', '+601234'), 'Telephone: shorter than 8'],
  ['phone of 21', put(`${S}.Contact.0`, 'Telephone', '+6012345678901234567890'), 'Telephone: longer than 20'],
  ['phone of 16 digits', put(`${S}.Contact.0`, 'Telephone', '+6012345678901234'), 'more than the 15 digits of an E.164 number'],
  ['supplier phone "NA"', put(`${S}.Contact.0`, 'Telephone', 'NA'), `${SUPPLIER}.Contact.Telephone: "NA" is only for the buyer`],
  ['e-mail with a space', put(`${S}.Contact.0`, 'ElectronicMail', 'general ams@supplier.com'), 'ElectronicMail: "general ams@supplier.com" is not an address without spaces'],

  // Buyer [INV Buyer], [SGL].
  ['no buyer', drop(I, 'AccountingCustomerParty'), `${BUYER}: missing`],
  ['no buyer name', drop(B, 'PartyLegalEntity'), `${BUYER}.PartyLegalEntity.RegistrationName: missing`],
  ['no buyer TIN', id(B, 'TIN', undefined), `${BUYER}.PartyIdentification TIN: missing`],
  ['buyer TIN of 15', id(B, 'TIN', 'IG123456789012345'), `${BUYER}.PartyIdentification TIN: longer than 14`],
  ['no buyer BRN (no ID at all)', id(B, 'BRN', undefined), `${BUYER}.PartyIdentification BRN: missing`],
  ['buyer BRN "NA" with its own TIN', id(B, 'BRN', 'NA'), `${BUYER}.PartyIdentification BRN: "NA" is only for the buyer of a consolidated e-invoice`],
  ['named buyer with the general public TIN and ID "NA"', (d) => { id(B, 'TIN', 'EI00000000010')(d); id(B, 'BRN', 'NA')(d); }, `${BUYER}.PartyIdentification TIN: EI00000000010 with ID "NA" is the consolidated e-invoice's buyer, named "General Public" (not "Hebat Group")`],
  ['general public TIN with a BRN', id(B, 'TIN', 'EI00000000010'), `${BUYER}.PartyIdentification TIN: EI00000000010 goes with the buyer's MyKad`],
  ['buyer with the foreign supplier TIN', id(B, 'TIN', 'EI00000000030'), "is not a buyer's TIN"],
  ['no buyer SST', id(B, 'SST', undefined), `${BUYER}.PartyIdentification SST: missing`],
  ['no buyer address', drop(B, 'PostalAddress'), `${BUYER}.PostalAddress: missing`],
  ['no buyer city', drop(BA, 'CityName'), `${BUYER}.PostalAddress.CityName: missing`],
  ['no buyer state', drop(BA, 'CountrySubentityCode'), `${BUYER}.PostalAddress.CountrySubentityCode: missing`],
  ['address "NA" without a state', (d) => { at(d, B).PostalAddress = [{ AddressLine: [{ Line: v('NA') }] }]; }, `${BUYER}.PostalAddress.CountrySubentityCode: missing`],
  ['no buyer phone', drop(`${B}.Contact.0`, 'Telephone'), `${BUYER}.Contact.Telephone: missing`],
  ['buyer phone "NA" outside a consolidated e-invoice', put(`${B}.Contact.0`, 'Telephone', 'NA'), `${BUYER}.Contact.Telephone: "NA" is only for the buyer of a consolidated e-invoice`],

  // Lines [INV Invoice Line Item].
  ['no lines', drop(I, 'InvoiceLine'), 'Invoice.InvoiceLine: missing'],
  ['no line ID', drop(L, 'ID'), 'Invoice.InvoiceLine[0].ID: missing'],
  ['no item', drop(L, 'Item'), 'Invoice.InvoiceLine[0].Item: missing'],
  ['no classification', drop(`${L}.Item.0`, 'CommodityClassification'), 'Invoice.InvoiceLine[0].Item.CommodityClassification CLASS: missing'],
  ['only a tariff code', (d) => { at(d, `${L}.Item.0`).CommodityClassification = [{ ItemClassificationCode: v('9800.00.0010', { listID: 'PTC' }) }]; }, 'CommodityClassification CLASS: missing'],
  ['classification of 2 digits', put(`${L}.Item.0.CommodityClassification.1`, 'ItemClassificationCode', '22'), 'CommodityClassification CLASS: "22" is not in LHDN\'s classification codes'],
  ['classification 099', put(`${L}.Item.0.CommodityClassification.1`, 'ItemClassificationCode', '099'), '"099" is not in LHDN\'s classification codes'],
  ['classification without listID', put(`${L}.Item.0.CommodityClassification.1`, 'ItemClassificationCode', undefined, 'listID'), 'listID must be "CLASS" or "PTC"'],
  ['tariff code with letters', put(`${L}.Item.0.CommodityClassification.0`, 'ItemClassificationCode', '9800.AB'), 'CommodityClassification PTC: "9800.AB" is not a tariff code'],
  ['no description', drop(`${L}.Item.0`, 'Description'), 'Invoice.InvoiceLine[0].Item.Description: missing'],
  ['description of 301', put(`${L}.Item.0`, 'Description', 'D'.repeat(301)), 'Item.Description: longer than 300'],
  ['no unit price', drop(L, 'Price'), 'Invoice.InvoiceLine[0].Price.PriceAmount: missing'],
  ['unit price as text', put(`${L}.Price.0`, 'PriceAmount', '17.00'), 'Price.PriceAmount: must be a number, not "17.00"'],
  ['unit price without currencyID', put(`${L}.Price.0`, 'PriceAmount', undefined, 'currencyID'), 'Price.PriceAmount: currencyID must be "MYR", not nothing'],
  ['unit price in USD', put(`${L}.Price.0`, 'PriceAmount', 'USD', 'currencyID'), 'currencyID must be "MYR", not "USD"'],
  ['unit price of 3 decimals', put(`${L}.Price.0`, 'PriceAmount', 17.005), '17.005 has more than 2 decimals'],
  ['floating-point noise', put(`${L}.ItemPriceExtension.0`, 'Amount', 0.1 + 0.2), '0.30000000000000004 has more than 2 decimals'],
  ['no subtotal', drop(L, 'ItemPriceExtension'), 'Invoice.InvoiceLine[0].ItemPriceExtension.Amount: missing'],
  ['subtotal not price × quantity', put(`${L}.ItemPriceExtension.0`, 'Amount', 1701), 'ItemPriceExtension.Amount: 1701 is not Price.PriceAmount × InvoicedQuantity = 17 × 100'],
  ['no line total excluding tax', drop(L, 'LineExtensionAmount'), 'Invoice.InvoiceLine[0].LineExtensionAmount: missing'],
  ['line total not subtotal − discount + charge', put(L, 'LineExtensionAmount', 1700), 'InvoiceLine[0].LineExtensionAmount: 1700.00 is not ItemPriceExtension.Amount − discounts + charges = 1615.00'],
  ['discount without ChargeIndicator', drop(`${L}.AllowanceCharge.0`, 'ChargeIndicator'), 'AllowanceCharge[0].ChargeIndicator: must be true (charge) or false (discount)'],
  ['quantity as text', put(L, 'InvoicedQuantity', '100'), 'InvoicedQuantity: must be a number'],
  ['quantity of 6 decimals', put(L, 'InvoicedQuantity', 1.123456), 'more than the 5 decimals LHDN recommends'],
  ['unit code of 4', put(L, 'InvoicedQuantity', 'KILO', 'unitCode'), 'InvoicedQuantity unitCode: "KILO" is not a UN/ECE Recommendation 20 unit code'],
  ['no line tax', drop(L, 'TaxTotal'), 'Invoice.InvoiceLine[0].TaxTotal: missing'],
  ['no line tax amount', drop(LT, 'TaxAmount'), 'Invoice.InvoiceLine[0].TaxTotal.TaxAmount: missing'],
  ['line tax amount not its subtotals', put(LT, 'TaxAmount', 160), 'InvoiceLine[0].TaxTotal.TaxAmount: 160.00 is not the sum of its TaxSubtotal.TaxAmount = 161.50'],
  ['no line tax subtotal', drop(LT, 'TaxSubtotal'), 'Invoice.InvoiceLine[0].TaxTotal.TaxSubtotal: missing'],
  ['no line tax subtotal amount', drop(LTS, 'TaxAmount'), 'Invoice.InvoiceLine[0].TaxTotal.TaxSubtotal[0].TaxAmount: missing'],
  ['no line tax category', drop(LTS, 'TaxCategory'), 'InvoiceLine[0].TaxTotal.TaxSubtotal[0].TaxCategory: missing'],
  ['no line tax type', drop(`${LTS}.TaxCategory.0`, 'ID'), 'TaxSubtotal[0].TaxCategory.ID: missing'],
  ['tax type 07', put(`${LTS}.TaxCategory.0`, 'ID', '07'), 'TaxCategory.ID: "07" is not in 01, 02, 03, 04, 05, 06, E'],
  ['no tax scheme', drop(`${LTS}.TaxCategory.0`, 'TaxScheme'), 'TaxCategory.TaxScheme.ID: missing'],
  ['tax scheme VAT', put(`${LTS}.TaxCategory.0.TaxScheme.0`, 'ID', 'VAT'), 'TaxScheme.ID: must be "OTH" with schemeID "UN/ECE 5153" and schemeAgencyID "6"'],
  ['tax scheme without schemeID', put(`${LTS}.TaxCategory.0.TaxScheme.0`, 'ID', undefined, 'schemeID'), 'TaxScheme.ID: must be "OTH"'],
  ['tax scheme agency 5', put(`${LTS}.TaxCategory.0.TaxScheme.0`, 'ID', '5', 'schemeAgencyID'), 'TaxScheme.ID: must be "OTH"'],
  ['exemption without its reason', drop(`${I}.InvoiceLine.1.TaxTotal.0.TaxSubtotal.0.TaxCategory.0`, 'TaxExemptionReason'), 'Invoice.InvoiceLine[1].TaxTotal.TaxSubtotal[0].TaxCategory.TaxExemptionReason: missing'],

  // Invoice-level tax and totals [INV], [MATH].
  ['no invoice tax', drop(I, 'TaxTotal'), 'Invoice.TaxTotal: missing'],
  ['two invoice TaxTotals', (d) => { const i = at(d, I); i.TaxTotal = [...(i.TaxTotal as Node[]), ...(i.TaxTotal as Node[])]; }, 'Invoice.TaxTotal: 2 of them; one in an MYR document'],
  ['no invoice tax amount', drop(T, 'TaxAmount'), 'Invoice.TaxTotal.TaxAmount: missing'],
  ['no invoice tax subtotal', drop(T, 'TaxSubtotal'), 'Invoice.TaxTotal.TaxSubtotal: missing'],
  ['no invoice tax type', drop(`${T}.TaxSubtotal.0.TaxCategory.0`, 'ID'), 'Invoice.TaxTotal.TaxSubtotal[0].TaxCategory.ID: missing'],
  ['invoice tax not the sum of its types', put(T, 'TaxAmount', 87.63), 'Invoice.TaxTotal.TaxAmount: 87.63 is not the sum of TaxSubtotal.TaxAmount = 161.50'],
  ['tax per type not the lines’', (d) => { put(`${T}.TaxSubtotal.0`, 'TaxAmount', 160)(d); put(T, 'TaxAmount', 160)(d); }, "Invoice.TaxTotal.TaxSubtotal 01 TaxAmount: 160.00 is not the lines' TaxAmount of type 01 = 161.50"],
  ['taxable per type not the lines’', put(`${T}.TaxSubtotal.0`, 'TaxableAmount', 1700), 'Invoice.TaxTotal.TaxSubtotal 01 TaxableAmount: 1700.00 is not the LineExtensionAmount of lines of type 01'],
  ['a line tax type the invoice lacks', (d) => { const t = at(d, T); t.TaxSubtotal = (t.TaxSubtotal as Node[]).slice(0, 1); }, 'Invoice.TaxTotal.TaxSubtotal: no subtotal for tax type "E", which lines use'],
  ['no LegalMonetaryTotal', drop(I, 'LegalMonetaryTotal'), 'Invoice.LegalMonetaryTotal: missing'],
  ['no total excluding tax', drop(M, 'TaxExclusiveAmount'), 'Invoice.LegalMonetaryTotal.TaxExclusiveAmount: missing'],
  ['no total including tax', drop(M, 'TaxInclusiveAmount'), 'Invoice.LegalMonetaryTotal.TaxInclusiveAmount: missing'],
  ['no payable amount', drop(M, 'PayableAmount'), 'Invoice.LegalMonetaryTotal.PayableAmount: missing'],
  ['payable amount as text', put(M, 'PayableAmount', '2275.80'), 'PayableAmount: must be a number, not "2275.80"'],
  ['net not the sum of the lines', put(M, 'LineExtensionAmount', 2000), 'Invoice.LegalMonetaryTotal.LineExtensionAmount: 2000.00 is not the sum of InvoiceLine.LineExtensionAmount = 2115.00'],
  ['discount total not the discounts', put(M, 'AllowanceTotalAmount', 50), 'LegalMonetaryTotal.AllowanceTotalAmount: 50.00 is not the sum of Invoice.AllowanceCharge (false) Amount = 100.00'],
  ['charge total not the charges', put(M, 'ChargeTotalAmount', 0), 'LegalMonetaryTotal.ChargeTotalAmount: 0.00 is not the sum of Invoice.AllowanceCharge (true) Amount = 100.00'],
  ['total excluding tax not net − discount + charge', put(M, 'TaxExclusiveAmount', 2215), 'LegalMonetaryTotal.TaxExclusiveAmount: 2215.00 is not LineExtensionAmount − AllowanceTotalAmount + ChargeTotalAmount = 2115.00'],
  ['total including tax not excluding + tax', put(M, 'TaxInclusiveAmount', 2115), 'LegalMonetaryTotal.TaxInclusiveAmount: 2115.00 is not TaxExclusiveAmount + TaxTotal.TaxAmount = 2276.50'],
  ['payable not including − prepaid + rounding', put(M, 'PayableAmount', 2276.5), 'LegalMonetaryTotal.PayableAmount: 2276.50 is not TaxInclusiveAmount − PrepaidPayment.PaidAmount + PayableRoundingAmount = 2275.80'],

  // Credit note: the original e-invoice [CN].
  ['credit note without BillingReference', drop(I, 'BillingReference'), 'Invoice.BillingReference.InvoiceDocumentReference: missing: a credit note names the original e-invoice', 'credit'],
  ['credit note with only an AdditionalDocumentReference', (d) => { const i = at(d, I); i.BillingReference = (i.BillingReference as Node[]).slice(1); }, 'Invoice.BillingReference.InvoiceDocumentReference: missing', 'credit'],
  ['original without its number', drop(`${I}.BillingReference.0.InvoiceDocumentReference.0`, 'ID'), 'Invoice.BillingReference.InvoiceDocumentReference[0].ID: missing', 'credit'],
  ['original without its UUID', drop(`${I}.BillingReference.0.InvoiceDocumentReference.0`, 'UUID'), 'Invoice.BillingReference.InvoiceDocumentReference[0].UUID: missing', 'credit'],
  ['original UUID of 27', put(`${I}.BillingReference.0.InvoiceDocumentReference.0`, 'UUID', 'U'.repeat(27)), 'InvoiceDocumentReference[0].UUID: longer than 26', 'credit'],

  // Version 1.1: the signature's parts [SIG].
  ['v1.1 without UBLExtensions', drop(I, 'UBLExtensions'), 'Invoice.UBLExtensions: missing', 'signed'],
  ['v1.1 without cac:Signature', drop(I, 'Signature'), 'Invoice.Signature: missing', 'signed'],
  ['wrong ExtensionURI', put(EXT, 'ExtensionURI', 'urn:example'), 'Invoice.UBLExtensions.UBLExtension.ExtensionURI: must be "urn:oasis:names:specification:ubl:dsig:enveloped:xades"', 'signed'],
  ['no SignatureInformation', drop(`${EXT}.ExtensionContent.0.UBLDocumentSignatures.0`, 'SignatureInformation'), 'UBLDocumentSignatures.SignatureInformation: missing', 'signed'],
  ['wrong SignatureInformation ID', put(SIG_INFO, 'ID', 'urn:x'), 'SignatureInformation.ID: must be "urn:oasis:names:specification:ubl:signature:1"', 'signed'],
  ['wrong ReferencedSignatureID', put(SIG_INFO, 'ReferencedSignatureID', 'urn:x'), 'SignatureInformation.ReferencedSignatureID: must be "urn:oasis:names:specification:ubl:signature:Invoice"', 'signed'],
  ['no ds:Signature', drop(SIG_INFO, 'Signature'), 'SignatureInformation.Signature: missing', 'signed'],
  ['no SignedInfo', drop(DS, 'SignedInfo'), 'SignatureInformation.Signature.SignedInfo: missing', 'signed'],
  ['no KeyInfo', drop(DS, 'KeyInfo'), 'SignatureInformation.Signature.KeyInfo: missing', 'signed'],
  ['no signed properties Object', drop(DS, 'Object'), 'SignatureInformation.Signature.Object: missing', 'signed'],
  ['no SignatureValue', drop(DS, 'SignatureValue'), 'SignatureInformation.Signature.SignatureValue: missing', 'signed'],
  ['wrong cac:Signature ID', put(`${I}.Signature.0`, 'ID', 'urn:x'), 'Invoice.Signature.ID: must be "urn:oasis:names:specification:ubl:signature:Invoice"', 'signed'],
  ['wrong SignatureMethod', put(`${I}.Signature.0`, 'SignatureMethod', 'urn:x'), 'Invoice.Signature.SignatureMethod: must be "urn:oasis:names:specification:ubl:dsig:enveloped:xades"', 'signed'],
];

describe('checkEInvoice: each rule, broken in turn', () => {
  it.each(cases)('%s', (_name, mutate, problem, base = 'invoice') => {
    const document = bases[base]();
    mutate(document);
    expect(checkEInvoice(document)).toContainEqual(expect.stringContaining(problem));
  });

  it('is silent about a v1.0 document without a signature', () => {
    const document = lhdnSample();
    expect(at(document, I).UBLExtensions).toBeUndefined();
    expect(checkEInvoice(document)).toEqual([]);
  });
});
