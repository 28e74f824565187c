import { GENERAL_PUBLIC_TIN } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { invoiceFacts } from '../../../test/einvoice-facts.js';
import { buildEInvoice, type EInvoiceFacts } from './einvoice.js';

const facts = invoiceFacts;

type Node = Record<string, unknown>;
/** The first element of a UBL array, as an object. */
const first = (value: unknown): Node => (value as Node[])[0] as Node;
/** The `_` of a UBL value. */
const valueOf = (value: unknown) => first(value)._;

function build(overrides: Partial<EInvoiceFacts> = {}) {
  const result = buildEInvoice(facts(overrides));
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
  // What MyInvois receives is the JSON text.
  const document = JSON.parse(JSON.stringify(result.document)) as Node;
  return { document, invoice: first(document.Invoice) };
}

const identifications = (party: Node) =>
  Object.fromEntries(
    (party.PartyIdentification as Node[]).map((p) => {
      const id = first(p.ID);
      return [id.schemeID, id._];
    }),
  );

describe('MyInvois UBL 2.1 e-invoice', () => {
  it('is an Invoice v1.0 in MYR, dated in UTC, in the _D/_A/_B JSON form', () => {
    const { document, invoice } = build();
    expect(document).toMatchObject({
      _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    });
    expect(valueOf(invoice.ID)).toBe('INV2026-000042');
    expect(first(invoice.InvoiceTypeCode)).toEqual({ _: '01', listVersionID: '1.0' });
    expect(valueOf(invoice.IssueDate)).toBe('2026-01-14');
    expect(valueOf(invoice.IssueTime)).toBe('17:30:05Z');
    expect(valueOf(invoice.DocumentCurrencyCode)).toBe('MYR');
  });

  it('names the supplier with TIN, BRN, SST and TTX, MSIC, address and phone', () => {
    const { invoice } = build();
    const party = first(first(invoice.AccountingSupplierParty).Party);
    expect(identifications(party)).toEqual({
      TIN: 'C20880050010',
      BRN: '202001234567',
      SST: 'NA',
      TTX: 'NA',
    });
    expect(first(party.IndustryClassificationCode)).toEqual({
      _: '46312',
      name: 'Wholesale of fish and other seafood',
    });
    expect(valueOf(first(party.PartyLegalEntity).RegistrationName)).toBe(
      'Kuala Selangor Fresh Catch',
    );
    const address = first(party.PostalAddress);
    expect(valueOf(address.CityName)).toBe('Kuala Selangor');
    expect(valueOf(address.PostalZone)).toBe('45000');
    expect(valueOf(address.CountrySubentityCode)).toBe('10');
    expect((address.AddressLine as Node[]).map((l) => valueOf(l.Line))).toEqual([
      'Jeti Nelayan',
      'Jalan Klinik',
      'Kampung Kuantan, Pekan',
    ]);
    expect(first(first(address.Country).IdentificationCode)).toEqual({
      _: 'MYS',
      listID: 'ISO3166-1',
      listAgencyID: '6',
    });
    expect(valueOf(first(party.Contact).Telephone)).toBe('+60123456789');

    const withSst = build({ seller: { ...facts().seller, sstNumber: 'W10-1808-32000001' } });
    const sstParty = first(first(withSst.invoice.AccountingSupplierParty).Party);
    expect(identifications(sstParty).SST).toBe('W10-1808-32000001');
  });

  it('is the general public for a buyer without tax details, with the address "not applicable"', () => {
    const { invoice } = build();
    const party = first(first(invoice.AccountingCustomerParty).Party);
    expect(identifications(party)).toEqual({ TIN: GENERAL_PUBLIC_TIN, BRN: 'NA', SST: 'NA' });
    expect(valueOf(first(party.PartyLegalEntity).RegistrationName)).toBe('General Public');
    const address = first(party.PostalAddress);
    expect(valueOf(address.CountrySubentityCode)).toBe('17');
    expect(valueOf(first(address.AddressLine).Line)).toBe('NA');
    expect(valueOf(first(address.Country).IdentificationCode)).toBe('MYS');
    expect(valueOf(first(party.Contact).Telephone)).toBe('+60130000001');
  });

  it('names a buyer that gave its tax details: TIN, ID of its type, SST, address, e-mail', () => {
    const { invoice } = build({
      buyer: {
        phone: '+60130000002',
        taxDetails: {
          name: '陈记海鲜 Tan Kee Seafood Sdn. Bhd.',
          tin: 'C12345678901',
          idType: 'BRN',
          idNumber: '201901012345',
          sstNumber: 'W10-1808-32000123',
          email: 'akaun@tankee.my',
          addressLines: ['12 Jalan Pasar'],
          postcode: '41000',
          city: 'Klang',
          stateCode: '10',
        },
      },
    });
    const party = first(first(invoice.AccountingCustomerParty).Party);
    expect(identifications(party)).toEqual({
      TIN: 'C12345678901',
      BRN: '201901012345',
      SST: 'W10-1808-32000123',
    });
    expect(valueOf(first(party.PartyLegalEntity).RegistrationName)).toBe(
      '陈记海鲜 Tan Kee Seafood Sdn. Bhd.',
    );
    const address = first(party.PostalAddress);
    expect(valueOf(address.PostalZone)).toBe('41000');
    expect(valueOf(address.CountrySubentityCode)).toBe('10');
    expect(valueOf(first(party.Contact).ElectronicMail)).toBe('akaun@tankee.my');
  });

  it('is a credit note (type 02) that refers to its invoice by number and MyInvois UUID', () => {
    const { invoice } = build({
      kind: 'credit_note',
      number: 'CN2026-000001',
      original: { number: 'INV2026-000042', uuid: 'F9D425P6DS7D8IU' },
    });
    expect(first(invoice.InvoiceTypeCode)).toEqual({ _: '02', listVersionID: '1.0' });
    const ref = first(first(invoice.BillingReference).InvoiceDocumentReference);
    expect(valueOf(ref.ID)).toBe('INV2026-000042');
    expect(valueOf(ref.UUID)).toBe('F9D425P6DS7D8IU');
    expect(build().invoice.BillingReference).toBeUndefined();
  });

  it('has the line in kg with classification, price, tax not applicable, and matching totals', () => {
    const { invoice } = build();
    const line = first(invoice.InvoiceLine);
    expect(valueOf(line.ID)).toBe('1');
    expect(first(line.InvoicedQuantity)).toEqual({ _: 10.5, unitCode: 'KGM' });
    expect(first(line.LineExtensionAmount)).toEqual({ _: 246.75, currencyID: 'MYR' });
    const item = first(line.Item);
    expect(first(first(item.CommodityClassification).ItemClassificationCode)).toEqual({
      _: '022',
      listID: 'CLASS',
    });
    expect(valueOf(item.Description)).toBe('Morning pomfret (Silver pomfret)');
    expect(valueOf(first(line.Price).PriceAmount)).toBe(23.5);
    expect(valueOf(first(line.ItemPriceExtension).Amount)).toBe(246.75);
    const lineTax = first(line.TaxTotal);
    expect(valueOf(lineTax.TaxAmount)).toBe(0);
    expect(valueOf(first(first(lineTax.TaxSubtotal).TaxCategory).ID)).toBe('06');

    const tax = first(invoice.TaxTotal);
    expect(valueOf(tax.TaxAmount)).toBe(0);
    expect(valueOf(first(tax.TaxSubtotal).TaxableAmount)).toBe(246.75);
    const totals = first(invoice.LegalMonetaryTotal);
    for (const key of [
      'LineExtensionAmount',
      'TaxExclusiveAmount',
      'TaxInclusiveAmount',
      'PayableAmount',
    ]) {
      expect(first(totals[key]), key).toEqual({ _: 246.75, currencyID: 'MYR' });
    }
  });

  it('turns sen into RM with at most 2 decimals', () => {
    const { invoice } = build({
      lines: [
        { description: 'a', quantity: 1, price: 10, amount: 1 },
        { description: 'b', quantity: 3, price: 1990, amount: 597 },
      ],
    });
    const totals = first(invoice.LegalMonetaryTotal);
    expect(valueOf(totals.PayableAmount)).toBe(5.98);
    expect((invoice.InvoiceLine as Node[]).map((l) => valueOf(l.LineExtensionAmount))).toEqual([
      0.01, 5.97,
    ]);
  });

  it('reports the store details it lacks instead of building', () => {
    const seller = {
      ...facts().seller,
      tin: null,
      registrationNumber: '  ',
      msicCode: null,
      addressLines: [' '],
      stateCode: null,
    };
    expect(buildEInvoice(facts({ seller }))).toEqual({
      ok: false,
      missing: ['tin', 'registrationNumber', 'msicCode', 'addressLines', 'stateCode'],
    });
  });
});
