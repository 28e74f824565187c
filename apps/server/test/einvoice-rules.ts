/**
 * LHDN's documented field rules for a MyInvois e-Invoice (type 01) or Credit Note (type 02), versions
 * 1.0 and 1.1, in the UBL 2.1 JSON form, as a checker: `checkEInvoice(document)` returns one
 * readable problem per broken rule, `"<path> [<qualifier>]: <problem>"`, and `[]` when the
 * document passes. Line and reference indexes in paths are 0-based.
 *
 * It checks what can be seen in the document alone. It does not check what only MyInvois knows
 * (that a TIN is registered and matches its ID, that the issue time is within 72 hours of the
 * submission, that the referenced invoice exists and is valid, duplicates) and it does not verify
 * the v1.1 signature's cryptography, only that the signature's parts are there.
 *
 * Sources (LHDN MyInvois SDK, sdk.myinvois.hasil.gov.my, and IRBM guidelines):
 * - [INV] "Invoice v1.0" / "Invoice v1.1": /documents/invoice-v1-0/, /documents/invoice-v1-1/
 *   (field tables: mandatory, number of chars, cardinality, UBL mapping; v1.1 = v1.0 + signature).
 * - [CN] "Credit Note v1.0" / "v1.1": /documents/credit-v1-0/, /documents/credit-v1-1/
 *   (same fields plus "Original e-Invoice Reference Number").
 * - [MATH] "Mathematical Mappings And Calculations": /mathematical-mappings/
 * - [FAQ] "Frequently Asked Questions": /faq/ ("What are the Supplier/Buyer Information Field
 *   Validation?", "How to retrieve and validate the accuracy of my TIN?", "What are the key
 *   differences between version 1.1 and version 1.0?", "Can an e-Invoice be issued with a
 *   negative value?").
 * - [SIG] "Signature": /signature/ and "Signature Creation (JSON)": /signature-creation-json/
 * - [CODES] /codes/e-invoice-types/, /codes/state-codes/, /codes/tax-types/,
 *   /codes/classification-codes/, /codes/unit-types/, /codes/msic-codes/, /codes/countries/
 * - [SAMPLE] /files/sdksamples/1.0-Invoice-Sample.json, 1.1-Invoice-Sample.json,
 *   1.0-Credit-Note-Sample.json, 1.1-Credit-Note-Sample.json, 1.0-Invoice-Consolidated-Sample.json
 * - [GL] IRBM "e-Invoice Guideline" v4.6, Appendix 1 "List of required fields for e-Invoice"
 *   (the 55 fields) — https://www.hasil.gov.my/en/e-invoice/
 * - [SGL] IRBM "e-Invoice Specific Guideline" v4.5: §3.5.7 Table 3.3 (individual buyer who gives
 *   only a TIN or only a MyKad), Appendix 1 "List of General TIN", Appendix 2 "Buyer's Details in
 *   Consolidated e-Invoice" — https://www.hasil.gov.my/en/e-invoice/
 *
 * Two rules here are the project's, not LHDN's, and say so in their message: the document is in
 * MYR (foreign currency needs TaxExchangeRate and a second TaxTotal, which this checker does not
 * cover), and money has at most 2 decimals (MYR's minor unit; LHDN states no limit).
 *
 * Pure, no dependencies.
 */

type Node = Record<string, unknown>;

// ---- Walking the UBL JSON form: every element an array of objects, a value under `_`. ----

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The objects of the element `key` of `parent` (a UBL array), none when absent. */
function nodes(parent: Node | undefined, key: string): Node[] {
  const value = parent?.[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** The first object of the element `key` of `parent`. */
const node = (parent: Node | undefined, key: string): Node | undefined => nodes(parent, key)[0];

/** The `_` value of the element `key` of `parent`. */
const valueOf = (parent: Node | undefined, key: string): unknown => node(parent, key)?._;

/** The `_` of the element `key` when it is text. */
function textOf(parent: Node | undefined, key: string): string | undefined {
  const value = valueOf(parent, key);
  return typeof value === 'string' ? value : undefined;
}

const show = (value: unknown): string =>
  value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));

// ---- Code lists [CODES] ----

const DOCUMENT_TYPES: Record<string, string> = {
  '01': 'Invoice',
  '02': 'Credit Note',
  '03': 'Debit Note',
  '04': 'Refund Note',
  '11': 'Self-billed Invoice',
  '12': 'Self-billed Credit Note',
  '13': 'Self-billed Debit Note',
  '14': 'Self-billed Refund Note',
};
/** The types this checker knows the rules of. */
const CHECKED_TYPES = ['01', '02'];
const VERSIONS = ['1.0', '1.1'];
/** 01 Johor … 16 WP Putrajaya, 17 Not Applicable. */
const STATE_CODES = Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(2, '0'));
/** 01 Sales Tax … 05 Sales Tax on Low Value Goods, 06 Not Applicable, E Tax exemption. */
const TAX_TYPES = ['01', '02', '03', '04', '05', '06', 'E'];
/** 001 Breastfeeding equipment … 045 (the list as published in the SDK, checked 2026). */
const CLASSIFICATION_CODES = Array.from({ length: 45 }, (_, i) => String(i + 1).padStart(3, '0'));

// ---- Identification [INV Supplier/Buyer], [FAQ], [SGL Appendix 1] ----

/** Registration / identification / passport number: one of these schemes, at most so long. */
const ID_SCHEMES: Record<string, number> = { NRIC: 12, BRN: 20, PASSPORT: 12, ARMY: 12 };
const KNOWN_SCHEMES = ['TIN', 'SST', 'TTX', ...Object.keys(ID_SCHEMES)];
const GENERAL_PUBLIC_TIN = 'EI00000000010';
const GENERAL_TINS: Record<string, string> = {
  EI00000000010: 'General Public',
  EI00000000020: 'Foreign Buyer / Foreign Shipping Recipient',
  EI00000000030: 'Foreign Supplier (self-billed only)',
  EI00000000040: 'Buyer: government and exempt institutions',
};
/** What LHDN has the supplier input for an individual buyer who gives only a TIN [SGL Table 3.3]. */
const TIN_ONLY_ID = '000000000000';
/** Individual TINs begin with IG; non-individual ones with these and always end in 0 [FAQ]. */
const TIN_FORMAT = /^(IG|CS|C|D|FA|F|PT|TA|TC|TN|TR|TP|J|LE|EI)(\d+)$/;
const NON_INDIVIDUAL_PREFIXES = 'C CS D F FA PT TA TC TN TR TP J LE'.split(' ');

const XADES = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const SIGNATURE_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';
const SIGNATURE_INFORMATION_ID = 'urn:oasis:names:specification:ubl:signature:1';
const NAMESPACES: Record<string, string> = {
  _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

interface TextRule {
  /** The "Number of Chars" column. */
  max?: number;
  min?: number;
  pattern?: RegExp;
  /** What `pattern` means, for the message. */
  format?: string;
  oneOf?: readonly string[];
  /** The name of `oneOf`, for the message, when it is too long to list. */
  list?: string;
}

class Problems {
  readonly list: string[] = [];

  add(path: string, problem: string) {
    this.list.push(`${path}: ${problem}`);
  }

  /** A text value against its rule; the text when it is there. */
  text(path: string, value: unknown, rule: TextRule, required = true): string | undefined {
    if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
      if (required) this.add(path, 'missing');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.add(path, `must be text, not ${show(value)}`);
      return undefined;
    }
    if (rule.oneOf && !rule.oneOf.includes(value)) {
      this.add(path, `${show(value)} is not in ${rule.list ?? rule.oneOf.join(', ')}`);
    }
    if (rule.max !== undefined && value.length > rule.max) {
      this.add(path, `longer than ${rule.max} characters (${value.length})`);
    }
    if (rule.min !== undefined && value.length < rule.min) {
      this.add(path, `shorter than ${rule.min} characters (${value.length})`);
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      this.add(path, `${show(value)} is not ${rule.format ?? String(rule.pattern)}`);
    }
    return value;
  }
}

const MONEY = /^-?\d+(\.\d{1,2})?$/;

/** Sen, to compare money without floating-point noise. */
const sen = (rm: number) => Math.round(rm * 100);
const rm = (cents: number) => (cents / 100).toFixed(2);

/** One amount: a number with `currencyID` (every LHDN amount says "Please add currencyID"). */
function amount(
  p: Problems,
  parent: Node | undefined,
  key: string,
  path: string,
  currency: string,
  required = true,
): number | undefined {
  const element = node(parent, key);
  if (!element) {
    if (required) p.add(path, 'missing');
    return undefined;
  }
  const value = element._;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    p.add(path, `must be a number, not ${show(value)}`);
    return undefined;
  }
  if (element.currencyID !== currency) {
    p.add(path, `currencyID must be ${show(currency)}, not ${show(element.currencyID)}`);
  }
  // Project rule (see the header): JSON carries exactly what String() prints.
  if (!MONEY.test(String(value))) {
    p.add(path, `${value} has more than 2 decimals (project rule: MYR in sen)`);
  }
  return value;
}

/** `actual` must equal `expected` to the sen, per a formula of [MATH]. */
function sameMoney(p: Problems, path: string, actual: number, expected: number, formula: string) {
  if (sen(actual) !== sen(expected)) {
    p.add(path, `${rm(sen(actual))} is not ${formula} = ${rm(sen(expected))}`);
  }
}

const complete = (values: (number | undefined)[]): values is number[] =>
  values.every((value) => value !== undefined);

const sum = (values: number[]) => values.reduce((total, value) => total + sen(value), 0) / 100;

// ---- Parties [INV Supplier, Buyer, Address], [FAQ field validation], [SGL] ----

type Role = 'supplier' | 'buyer';

/** Address [INV Address], [FAQ]: line 0 may be "NA", and then only the state is needed. */
function checkAddress(p: Problems, party: Node, path: string) {
  const address = node(party, 'PostalAddress');
  if (!address) {
    p.add(`${path}.PostalAddress`, 'missing');
    return;
  }
  const at = `${path}.PostalAddress`;
  const lines = nodes(address, 'AddressLine');
  if (lines.length === 0) p.add(`${at}.AddressLine`, 'missing');
  if (lines.length > 3) {
    p.add(`${at}.AddressLine`, `${lines.length} lines; LHDN has Address Line 0, 1 and 2`);
  }
  lines.forEach((line, i) =>
    p.text(`${at}.AddressLine[${i}].Line`, valueOf(line, 'Line'), { max: 150 }, i === 0),
  );
  const notApplicable = textOf(lines[0], 'Line')?.trim() === 'NA';

  const countryCode = node(node(address, 'Country'), 'IdentificationCode');
  const country = p.text(
    `${at}.Country.IdentificationCode`,
    countryCode?._,
    { pattern: /^[A-Z]{3}$/, format: 'an ISO 3166-1 alpha-3 code' },
    !notApplicable,
  );
  if (countryCode && country) {
    if (countryCode.listID !== 'ISO3166-1') {
      p.add(
        `${at}.Country.IdentificationCode`,
        `listID must be "ISO3166-1", not ${show(countryCode.listID)}`,
      );
    }
    if (countryCode.listAgencyID !== '6') {
      p.add(
        `${at}.Country.IdentificationCode`,
        `listAgencyID must be "6", not ${show(countryCode.listAgencyID)}`,
      );
    }
  }
  const malaysia = country === 'MYS' || (country === undefined && notApplicable);

  p.text(`${at}.CityName`, valueOf(address, 'CityName'), { max: 50 }, !notApplicable);
  p.text(
    `${at}.PostalZone`,
    valueOf(address, 'PostalZone'),
    malaysia && !notApplicable
      ? { pattern: /^\d{1,5}$/, format: 'a Malaysian postcode (at most 5 digits, [FAQ])' }
      : { max: 50 },
    false,
  );
  p.text(
    `${at}.CountrySubentityCode`,
    valueOf(address, 'CountrySubentityCode'),
    malaysia ? { oneOf: STATE_CODES, list: "LHDN's state codes 01-17" } : { max: 50 },
  );
}

/** Contact number: E.164 [INV], 8 to 20 characters, digits after an optional "+" [FAQ]. */
function checkTelephone(p: Problems, party: Node, path: string, naAllowed: boolean) {
  const at = `${path}.Contact.Telephone`;
  const raw = valueOf(node(party, 'Contact'), 'Telephone');
  if (raw === 'NA') {
    // "NA" only for the buyer's contact number of a consolidated e-invoice [INV Buyer], [SGL].
    if (!naAllowed) p.add(at, '"NA" is only for the buyer of a consolidated e-invoice');
    return;
  }
  const phone = p.text(at, raw, { min: 8, max: 20 });
  if (phone === undefined) return;
  if (!/^\+?\d+$/.test(phone)) {
    p.add(at, `${show(phone)} is not digits after an optional "+" (no spaces or dashes)`);
  } else if (phone.replace('+', '').length > 15) {
    p.add(at, `${show(phone)} has more than the 15 digits of an E.164 number`);
  }
}

function checkParty(p: Problems, invoice: Node, role: Role) {
  const key = role === 'supplier' ? 'AccountingSupplierParty' : 'AccountingCustomerParty';
  const path = `Invoice.${key}.Party`;
  const party = node(node(invoice, key), 'Party');
  if (!party) {
    p.add(path, 'missing');
    return;
  }

  // Name: mandatory, 300 characters.
  const name = p.text(
    `${path}.PartyLegalEntity.RegistrationName`,
    valueOf(node(party, 'PartyLegalEntity'), 'RegistrationName'),
    { max: 300 },
  );

  // PartyIdentification: TIN [1-1], one registration / identification number [1-1], SST [1-1],
  // TTX [1-1] for the supplier; each a `{ID: [{_: value, schemeID}]}`.
  const ids = new Map<string, unknown[]>();
  const idPath = `${path}.PartyIdentification`;
  for (const identification of nodes(party, 'PartyIdentification')) {
    const id = node(identification, 'ID');
    const scheme = id?.schemeID;
    if (typeof scheme !== 'string' || !KNOWN_SCHEMES.includes(scheme)) {
      p.add(idPath, `schemeID ${show(scheme)} is not one of ${KNOWN_SCHEMES.join(', ')}`);
      continue;
    }
    ids.set(scheme, [...(ids.get(scheme) ?? []), id?._]);
  }
  const single = (scheme: string, required: boolean): unknown => {
    const values = ids.get(scheme) ?? [];
    if (values.length > 1) p.add(`${idPath} ${scheme}`, `${values.length} of them; at most one`);
    if (values.length === 0 && required) p.add(`${idPath} ${scheme}`, 'missing');
    return values[0];
  };

  // A foreign buyer's TIN is its own country's [SGL §10]; only its length is LHDN's.
  const country = textOf(node(node(party, 'PostalAddress'), 'Country'), 'IdentificationCode');
  const foreign = role === 'buyer' && !!country && country !== 'MYS';

  // TIN: 14 characters; a Malaysian TIN is a prefix and digits [FAQ]; the general TINs
  // EI000000000x0 only as [SGL Appendix 1] lists them.
  const tin = p.text(`${idPath} TIN`, single('TIN', true), { max: 14 }, ids.has('TIN'));
  if (tin !== undefined && !foreign) {
    const match = TIN_FORMAT.exec(tin);
    if (!match) {
      p.add(
        `${idPath} TIN`,
        `${show(tin)} is not an LHDN TIN (IG, C, CS, D, F, FA, PT, TA, TC, TN, TR, TP, J, LE or EI and digits)`,
      );
    } else if (match[1] === 'EI' && !(tin in GENERAL_TINS)) {
      p.add(`${idPath} TIN`, `${show(tin)} is not one of LHDN's general TINs`);
    } else if (
      NON_INDIVIDUAL_PREFIXES.includes(match[1] ?? '') &&
      (!tin.endsWith('0') || match[2]?.startsWith('0'))
    ) {
      p.add(
        `${idPath} TIN`,
        `${show(tin)}: a non-individual TIN ends in 0 and has no 0 right after its prefix`,
      );
    }
  }

  // Registration / identification / passport number: one of NRIC, BRN, PASSPORT, ARMY.
  const idSchemes = Object.keys(ID_SCHEMES).filter((scheme) => ids.has(scheme));
  let idScheme: string | undefined;
  let idValue: string | undefined;
  if (idSchemes.length === 0) {
    p.add(
      `${idPath} BRN`,
      'missing (or NRIC, PASSPORT, ARMY: the registration / identification number)',
    );
  } else if (idSchemes.length > 1) {
    p.add(`${idPath} ${idSchemes.join('/')}`, 'only one registration / identification number');
  } else {
    idScheme = idSchemes[0] ?? '';
    idValue = p.text(`${idPath} ${idScheme}`, single(idScheme, true), {
      max: ID_SCHEMES[idScheme] ?? 0,
    });
  }

  // SST: 35 characters, "NA" when not registered, at most two numbers split by ";", no special
  // characters but "-" and ";" [INV], [FAQ].
  const sst = p.text(`${idPath} SST`, single('SST', true), { max: 35 }, ids.has('SST'));
  if (sst !== undefined && sst !== 'NA' && !/^[A-Za-z0-9-]+(;[A-Za-z0-9-]+)?$/.test(sst)) {
    p.add(
      `${idPath} SST`,
      `${show(sst)}: letters, digits and "-", at most two numbers split by ";", or "NA"`,
    );
  }
  // TTX: the supplier's, 17 characters, "NA" when not registered, "-" only [INV], [FAQ].
  const ttx = p.text(
    `${idPath} TTX`,
    single('TTX', role === 'supplier'),
    { max: 17 },
    ids.has('TTX'),
  );
  if (ttx !== undefined && ttx !== 'NA' && !/^[A-Za-z0-9-]+$/.test(ttx)) {
    p.add(`${idPath} TTX`, `${show(ttx)}: letters, digits and "-", or "NA"`);
  }

  // Who may stand behind a general TIN or an ID of "NA" [SGL Appendix 1, Appendix 2, Table 3.3].
  const consolidatedBuyer = role === 'buyer' && tin === GENERAL_PUBLIC_TIN && idValue === 'NA';
  const withMyKad =
    (idScheme === 'NRIC' || idScheme === 'ARMY') &&
    idValue !== undefined &&
    idValue !== 'NA' &&
    idValue !== TIN_ONLY_ID;
  if (role === 'supplier') {
    if (tin === GENERAL_PUBLIC_TIN && !withMyKad) {
      p.add(
        `${idPath} TIN`,
        `${GENERAL_PUBLIC_TIN} is for an individual who gave only a MyKad / MyTentera number, which then goes under NRIC / ARMY`,
      );
    } else if (tin !== undefined && tin !== GENERAL_PUBLIC_TIN && tin in GENERAL_TINS) {
      p.add(
        `${idPath} TIN`,
        `${tin} (${GENERAL_TINS[tin]}) is not a supplier's TIN on an invoice or credit note`,
      );
    }
    if (idValue === 'NA' || idValue === TIN_ONLY_ID) {
      p.add(`${idPath} ${idScheme}`, `must be the supplier's own number, not ${show(idValue)}`);
    }
  } else {
    if (tin === GENERAL_PUBLIC_TIN && idValue === 'NA' && name !== 'General Public') {
      p.add(
        `${idPath} TIN`,
        `${GENERAL_PUBLIC_TIN} with ID "NA" is the consolidated e-invoice's buyer, named "General Public" (not ${show(name)}); an individual who gave only a MyKad number has it under NRIC`,
      );
    } else if (tin === GENERAL_PUBLIC_TIN && !consolidatedBuyer && !withMyKad) {
      p.add(
        `${idPath} TIN`,
        `${GENERAL_PUBLIC_TIN} goes with the buyer's MyKad / MyTentera number under NRIC / ARMY, or with ID "NA" in a consolidated e-invoice`,
      );
    } else if (tin === 'EI00000000030') {
      p.add(`${idPath} TIN`, `${tin} (${GENERAL_TINS[tin]}) is not a buyer's TIN`);
    }
    if (idValue === 'NA' && tin !== GENERAL_PUBLIC_TIN) {
      p.add(
        `${idPath} ${idScheme}`,
        `"NA" is only for the buyer of a consolidated e-invoice (TIN ${GENERAL_PUBLIC_TIN}); a buyer who gave only a TIN has "${TIN_ONLY_ID}", a business its registration number`,
      );
    }
  }

  // MSIC: the supplier's, 5 digits ("00000" NOT APPLICABLE is in the list), and its description,
  // 300 characters [INV].
  if (role === 'supplier') {
    const msic = node(party, 'IndustryClassificationCode');
    p.text(`${path}.IndustryClassificationCode`, msic?._, {
      pattern: /^\d{5}$/,
      format: 'a 5-digit MSIC code',
    });
    p.text(`${path}.IndustryClassificationCode name`, msic?.name, { max: 300 });
  }

  checkAddress(p, party, path);
  checkTelephone(p, party, path, consolidatedBuyer);

  // E-mail: optional; 320 characters, no spaces [INV], [FAQ].
  p.text(
    `${path}.Contact.ElectronicMail`,
    valueOf(node(party, 'Contact'), 'ElectronicMail'),
    { max: 320, pattern: /^\S+$/, format: 'an address without spaces' },
    false,
  );
}

// ---- Tax [INV Tax Type, Tax Amount, Details of Tax Exemption], [CODES tax types] ----

interface Tax {
  category: string | undefined;
  taxable: number | undefined;
  tax: number | undefined;
}

/** One TaxSubtotal: its TaxAmount, and a TaxCategory of an LHDN tax type under scheme OTH. */
function checkTaxSubtotal(p: Problems, subtotal: Node, path: string, currency: string): Tax {
  const taxable = amount(p, subtotal, 'TaxableAmount', `${path}.TaxableAmount`, currency, false);
  const tax = amount(p, subtotal, 'TaxAmount', `${path}.TaxAmount`, currency);
  const category = node(subtotal, 'TaxCategory');
  if (!category) {
    p.add(`${path}.TaxCategory`, 'missing');
    return { category: undefined, taxable, tax };
  }
  const type = p.text(`${path}.TaxCategory.ID`, valueOf(category, 'ID'), { oneOf: TAX_TYPES });
  const scheme = node(node(category, 'TaxScheme'), 'ID');
  if (!scheme) {
    p.add(`${path}.TaxCategory.TaxScheme.ID`, 'missing');
  } else if (
    scheme._ !== 'OTH' ||
    scheme.schemeID !== 'UN/ECE 5153' ||
    scheme.schemeAgencyID !== '6'
  ) {
    p.add(
      `${path}.TaxCategory.TaxScheme.ID`,
      `must be "OTH" with schemeID "UN/ECE 5153" and schemeAgencyID "6", not ${show(scheme)}`,
    );
  }
  if (type === 'E') {
    p.text(`${path}.TaxCategory.TaxExemptionReason`, valueOf(category, 'TaxExemptionReason'), {
      max: 300,
    });
  }
  return { category: type, taxable, tax };
}

/** Discounts (ChargeIndicator false) and charges (true) of an AllowanceCharge list. */
function allowanceCharges(p: Problems, parent: Node, path: string, currency: string) {
  const discounts: number[] = [];
  const charges: number[] = [];
  nodes(parent, 'AllowanceCharge').forEach((entry, i) => {
    const at = `${path}.AllowanceCharge[${i}]`;
    const indicator = valueOf(entry, 'ChargeIndicator');
    const value = amount(p, entry, 'Amount', `${at}.Amount`, currency);
    if (typeof indicator !== 'boolean') {
      p.add(
        `${at}.ChargeIndicator`,
        `must be true (charge) or false (discount), not ${show(indicator)}`,
      );
    } else if (value !== undefined) {
      (indicator ? charges : discounts).push(value);
    }
  });
  return { discounts, charges };
}

// ---- Lines [INV Invoice Line Item], [MATH] ----

interface Line {
  extension: number | undefined;
  taxes: Tax[];
}

function checkLine(p: Problems, line: Node, path: string, currency: string): Line {
  // UBL 2.1 requires the line's ID (the Structure Validator).
  p.text(`${path}.ID`, valueOf(line, 'ID'), {});

  // Quantity and measurement: optional; up to 5 decimals recommended; UN/ECE Rec. 20 unit code.
  const quantityNode = node(line, 'InvoicedQuantity');
  let quantity: number | undefined;
  if (quantityNode) {
    const value = quantityNode._;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      p.add(`${path}.InvoicedQuantity`, `must be a number, not ${show(value)}`);
    } else {
      quantity = value;
      if (!/^-?\d+(\.\d{1,5})?$/.test(String(value))) {
        p.add(`${path}.InvoicedQuantity`, `${value} has more than the 5 decimals LHDN recommends`);
      }
    }
    p.text(
      `${path}.InvoicedQuantity unitCode`,
      quantityNode.unitCode,
      { pattern: /^[A-Z0-9]{2,3}$/, format: 'a UN/ECE Recommendation 20 unit code' },
      false,
    );
  }

  // Item: classification [1-*] (3 digits, listID CLASS, from LHDN's list), product tariff code
  // (optional, listID PTC, 12 characters, digits and "."), description (300).
  const item = node(line, 'Item');
  if (!item) p.add(`${path}.Item`, 'missing');
  const classifications = nodes(item, 'CommodityClassification').map((c) =>
    node(c, 'ItemClassificationCode'),
  );
  const classes = classifications.filter((c) => c?.listID === 'CLASS');
  if (item && classes.length === 0) p.add(`${path}.Item.CommodityClassification CLASS`, 'missing');
  for (const code of classes) {
    p.text(`${path}.Item.CommodityClassification CLASS`, code?._, {
      oneOf: CLASSIFICATION_CODES,
      list: "LHDN's classification codes 001-045",
    });
  }
  for (const code of classifications.filter((c) => c?.listID === 'PTC')) {
    p.text(`${path}.Item.CommodityClassification PTC`, code?._, {
      max: 12,
      pattern: /^[0-9.]+$/,
      format: 'a tariff code (digits and ".")',
    });
  }
  for (const code of classifications) {
    if (code?.listID !== 'CLASS' && code?.listID !== 'PTC') {
      p.add(
        `${path}.Item.CommodityClassification`,
        `listID must be "CLASS" or "PTC", not ${show(code?.listID)}`,
      );
    }
  }
  if (item) p.text(`${path}.Item.Description`, valueOf(item, 'Description'), { max: 300 });

  // Unit price, subtotal, total excluding tax: mandatory amounts.
  const price = amount(
    p,
    node(line, 'Price'),
    'PriceAmount',
    `${path}.Price.PriceAmount`,
    currency,
  );
  const subtotal = amount(
    p,
    node(line, 'ItemPriceExtension'),
    'Amount',
    `${path}.ItemPriceExtension.Amount`,
    currency,
  );
  const extension = amount(p, line, 'LineExtensionAmount', `${path}.LineExtensionAmount`, currency);
  const { discounts, charges } = allowanceCharges(p, line, path, currency);

  // Subtotal = unit price × quantity, to half a sen either way (rounding) [MATH].
  if (price !== undefined && quantity !== undefined && subtotal !== undefined) {
    if (Math.abs(price * quantity - subtotal) > 0.005 + 1e-9) {
      p.add(
        `${path}.ItemPriceExtension.Amount`,
        `${subtotal} is not Price.PriceAmount × InvoicedQuantity = ${price} × ${quantity}`,
      );
    }
  }
  // Total excluding tax = subtotal − discounts + charges [MATH].
  if (subtotal !== undefined && extension !== undefined) {
    sameMoney(
      p,
      `${path}.LineExtensionAmount`,
      extension,
      sum([subtotal, ...charges]) - sum(discounts),
      'ItemPriceExtension.Amount − discounts + charges',
    );
  }

  // Tax: TaxTotal with TaxAmount [1-*], each TaxSubtotal with a tax type [1-*].
  const taxTotals = nodes(line, 'TaxTotal');
  if (taxTotals.length === 0) p.add(`${path}.TaxTotal`, 'missing');
  const taxes: Tax[] = [];
  taxTotals.forEach((taxTotal, t) => {
    const at = taxTotals.length > 1 ? `${path}.TaxTotal[${t}]` : `${path}.TaxTotal`;
    const total = amount(p, taxTotal, 'TaxAmount', `${at}.TaxAmount`, currency);
    const subtotals = nodes(taxTotal, 'TaxSubtotal');
    if (subtotals.length === 0) p.add(`${at}.TaxSubtotal`, 'missing');
    const own = subtotals.map((s, i) =>
      checkTaxSubtotal(p, s, `${at}.TaxSubtotal[${i}]`, currency),
    );
    taxes.push(...own);
    // UBL: a TaxTotal's TaxAmount is the sum of its subtotals'.
    const amounts = own.map((tax) => tax.tax);
    if (total !== undefined && own.length > 0 && complete(amounts)) {
      sameMoney(p, `${at}.TaxAmount`, total, sum(amounts), 'the sum of its TaxSubtotal.TaxAmount');
    }
  });
  return { extension, taxes };
}

// ---- Totals [INV], [MATH] ----

function checkTotals(p: Problems, invoice: Node, lines: Line[], currency: string) {
  // Invoice-level tax: one TaxTotal (MYR only), TaxAmount, a TaxSubtotal per tax type [1-*].
  const taxTotals = nodes(invoice, 'TaxTotal');
  if (taxTotals.length === 0) p.add('Invoice.TaxTotal', 'missing');
  if (taxTotals.length > 1)
    p.add('Invoice.TaxTotal', `${taxTotals.length} of them; one in an MYR document`);
  const taxTotal = taxTotals[0];
  const totalTax = amount(
    p,
    taxTotal,
    'TaxAmount',
    'Invoice.TaxTotal.TaxAmount',
    currency,
    !!taxTotal,
  );
  const subtotals = nodes(taxTotal, 'TaxSubtotal');
  if (taxTotal && subtotals.length === 0) p.add('Invoice.TaxTotal.TaxSubtotal', 'missing');
  const taxes = subtotals.map((s, i) =>
    checkTaxSubtotal(p, s, `Invoice.TaxTotal.TaxSubtotal[${i}]`, currency),
  );

  const lineTaxes = lines.flatMap((line) => line.taxes);

  // Total tax amount = sum of the tax amounts per tax type [MATH].
  const perType = taxes.map((tax) => tax.tax);
  if (totalTax !== undefined && taxes.length > 0 && complete(perType)) {
    sameMoney(
      p,
      'Invoice.TaxTotal.TaxAmount',
      totalTax,
      sum(perType),
      'the sum of TaxSubtotal.TaxAmount',
    );
  }
  // Per tax type: tax = the lines' tax of that type; taxable (optional) = the lines' total
  // excluding tax of that type − their amounts exempted ('E') [MATH]. Every line type is there.
  const categories = new Set(taxes.map((tax) => tax.category));
  for (const category of new Set(lineTaxes.map((tax) => tax.category))) {
    if (category !== undefined && !categories.has(category)) {
      p.add(
        'Invoice.TaxTotal.TaxSubtotal',
        `no subtotal for tax type ${show(category)}, which lines use`,
      );
    }
  }
  for (const category of categories) {
    if (category === undefined) continue;
    const here = taxes.filter((tax) => tax.category === category);
    const path = `Invoice.TaxTotal.TaxSubtotal ${category}`;
    const own = here.map((tax) => tax.tax);
    const fromLines = lineTaxes.filter((tax) => tax.category === category).map((tax) => tax.tax);
    if (complete(own) && complete(fromLines)) {
      sameMoney(
        p,
        `${path} TaxAmount`,
        sum(own),
        sum(fromLines),
        `the lines' TaxAmount of type ${category}`,
      );
    }
    const taxable = here.map((tax) => tax.taxable);
    if (category === 'E' || !taxable.some((t) => t !== undefined)) continue;
    const typed = lines.filter((line) => line.taxes.some((tax) => tax.category === category));
    const extensions = typed.map((line) => line.extension);
    const exempted = typed.flatMap((line) =>
      line.taxes.filter((tax) => tax.category === 'E').map((tax) => tax.taxable ?? 0),
    );
    if (complete(taxable) && complete(extensions)) {
      sameMoney(
        p,
        `${path} TaxableAmount`,
        sum(taxable),
        sum(extensions) - sum(exempted),
        `the LineExtensionAmount of lines of type ${category} − their exempted amounts`,
      );
    }
  }

  // LegalMonetaryTotal: total excluding tax, including tax, payable: mandatory; net, discount,
  // charge, rounding: optional.
  const totals = node(invoice, 'LegalMonetaryTotal');
  const at = 'Invoice.LegalMonetaryTotal';
  if (!totals) {
    p.add(at, 'missing');
    return;
  }
  const net = amount(
    p,
    totals,
    'LineExtensionAmount',
    `${at}.LineExtensionAmount`,
    currency,
    false,
  );
  const allowanceTotal = amount(
    p,
    totals,
    'AllowanceTotalAmount',
    `${at}.AllowanceTotalAmount`,
    currency,
    false,
  );
  const chargeTotal = amount(
    p,
    totals,
    'ChargeTotalAmount',
    `${at}.ChargeTotalAmount`,
    currency,
    false,
  );
  const exclusive = amount(p, totals, 'TaxExclusiveAmount', `${at}.TaxExclusiveAmount`, currency);
  const inclusive = amount(p, totals, 'TaxInclusiveAmount', `${at}.TaxInclusiveAmount`, currency);
  const rounding = amount(
    p,
    totals,
    'PayableRoundingAmount',
    `${at}.PayableRoundingAmount`,
    currency,
    false,
  );
  const payable = amount(p, totals, 'PayableAmount', `${at}.PayableAmount`, currency);

  const { discounts, charges } = allowanceCharges(p, invoice, 'Invoice', currency);
  const prepaid = nodes(invoice, 'PrepaidPayment').map((payment, i) =>
    amount(p, payment, 'PaidAmount', `Invoice.PrepaidPayment[${i}].PaidAmount`, currency, false),
  );

  // Total net amount = sum of the lines' total excluding tax.
  const extensions = lines.map((line) => line.extension);
  const linesNet = complete(extensions) ? sum(extensions) : undefined;
  if (net !== undefined && linesNet !== undefined) {
    sameMoney(
      p,
      `${at}.LineExtensionAmount`,
      net,
      linesNet,
      'the sum of InvoiceLine.LineExtensionAmount',
    );
  }
  // Total discount value / total charge = the invoice-level discounts / charges.
  if (allowanceTotal !== undefined) {
    sameMoney(
      p,
      `${at}.AllowanceTotalAmount`,
      allowanceTotal,
      sum(discounts),
      'the sum of Invoice.AllowanceCharge (false) Amount',
    );
  }
  if (chargeTotal !== undefined) {
    sameMoney(
      p,
      `${at}.ChargeTotalAmount`,
      chargeTotal,
      sum(charges),
      'the sum of Invoice.AllowanceCharge (true) Amount',
    );
  }
  // Total excluding tax = net − discount + charge.
  const base = net ?? linesNet;
  if (exclusive !== undefined && base !== undefined) {
    sameMoney(
      p,
      `${at}.TaxExclusiveAmount`,
      exclusive,
      base - (allowanceTotal ?? sum(discounts)) + (chargeTotal ?? sum(charges)),
      'LineExtensionAmount − AllowanceTotalAmount + ChargeTotalAmount',
    );
  }
  // Total including tax = total excluding tax + total tax.
  if (inclusive !== undefined && exclusive !== undefined && totalTax !== undefined) {
    sameMoney(
      p,
      `${at}.TaxInclusiveAmount`,
      inclusive,
      exclusive + totalTax,
      'TaxExclusiveAmount + TaxTotal.TaxAmount',
    );
  }
  // Total payable = total including tax − prepaid + rounding.
  if (payable !== undefined && inclusive !== undefined && complete(prepaid)) {
    sameMoney(
      p,
      `${at}.PayableAmount`,
      payable,
      inclusive - sum(prepaid) + (rounding ?? 0),
      'TaxInclusiveAmount − PrepaidPayment.PaidAmount + PayableRoundingAmount',
    );
  }
}

// ---- Signature, v1.1 only [SIG], [SAMPLE 1.1], [FAQ versions] ----

function checkSignature(p: Problems, invoice: Node) {
  const extensions = node(invoice, 'UBLExtensions');
  const extension = node(extensions, 'UBLExtension');
  if (!extensions || !extension) {
    p.add('Invoice.UBLExtensions', 'missing: a v1.1 document carries its digital signature');
  } else {
    const at = 'Invoice.UBLExtensions.UBLExtension';
    const uri = valueOf(extension, 'ExtensionURI');
    if (uri !== XADES) p.add(`${at}.ExtensionURI`, `must be "${XADES}", not ${show(uri)}`);
    const information = node(
      node(node(extension, 'ExtensionContent'), 'UBLDocumentSignatures'),
      'SignatureInformation',
    );
    const info = `${at}.ExtensionContent.UBLDocumentSignatures.SignatureInformation`;
    if (!information) {
      p.add(info, 'missing');
    } else {
      const id = valueOf(information, 'ID');
      if (id !== SIGNATURE_INFORMATION_ID)
        p.add(`${info}.ID`, `must be "${SIGNATURE_INFORMATION_ID}", not ${show(id)}`);
      const referenced = valueOf(information, 'ReferencedSignatureID');
      if (referenced !== SIGNATURE_ID) {
        p.add(
          `${info}.ReferencedSignatureID`,
          `must be "${SIGNATURE_ID}", not ${show(referenced)}`,
        );
      }
      const signature = node(information, 'Signature');
      if (!signature) {
        p.add(`${info}.Signature`, 'missing');
      } else {
        // The ds:Signature's parts, each mandatory [1..1] (the values are not verified here).
        for (const part of ['SignedInfo', 'KeyInfo', 'Object']) {
          if (!node(signature, part)) p.add(`${info}.Signature.${part}`, 'missing');
        }
        p.text(`${info}.Signature.SignatureValue`, valueOf(signature, 'SignatureValue'), {});
      }
    }
  }
  const signature = node(invoice, 'Signature');
  if (!signature) {
    p.add('Invoice.Signature', 'missing: a v1.1 document names its signature');
    return;
  }
  const id = valueOf(signature, 'ID');
  if (id !== SIGNATURE_ID)
    p.add('Invoice.Signature.ID', `must be "${SIGNATURE_ID}", not ${show(id)}`);
  const method = valueOf(signature, 'SignatureMethod');
  if (method !== XADES)
    p.add('Invoice.Signature.SignatureMethod', `must be "${XADES}", not ${show(method)}`);
}

// ---- The document ----

/** Every documented rule `document` breaks, one readable problem each; `[]` when it passes. */
export function checkEInvoice(document: Record<string, unknown>): string[] {
  const p = new Problems();

  // The UBL JSON wrapper: the three namespace prefixes and one Invoice [SAMPLE].
  for (const [prefix, uri] of Object.entries(NAMESPACES)) {
    if (document[prefix] !== uri) p.add(prefix, `must be "${uri}", not ${show(document[prefix])}`);
  }
  const invoices = nodes(document, 'Invoice');
  const invoice = invoices[0];
  if (!invoice || invoices.length > 1) {
    p.add('Invoice', invoice ? `${invoices.length} of them; one` : 'missing');
    if (!invoice) return p.list;
  }

  // e-Invoice version (listVersionID, 5) and type (2): 01 or 02 in version 1.0 or 1.1 [INV], [CN].
  const typeCode = node(invoice, 'InvoiceTypeCode');
  const type = p.text('Invoice.InvoiceTypeCode', typeCode?._, {
    pattern: /^\d{2}$/,
    format: 'a 2-digit e-invoice type',
  });
  if (type !== undefined && !CHECKED_TYPES.includes(type)) {
    p.add(
      'Invoice.InvoiceTypeCode',
      `${show(type)} (${DOCUMENT_TYPES[type] ?? 'unknown'}) is not checked here; only 01 Invoice and 02 Credit Note`,
    );
  }
  const version = p.text(
    'Invoice.InvoiceTypeCode listVersionID',
    typeCode?.listVersionID,
    { oneOf: VERSIONS },
    !!typeCode,
  );

  // e-Invoice code / number: 50 characters, any characters [INV], [FAQ].
  p.text('Invoice.ID', valueOf(invoice, 'ID'), { max: 50 });

  // Date and time of issue, in UTC: YYYY-MM-DD and HH:MM:SSZ [INV].
  const date = p.text('Invoice.IssueDate', valueOf(invoice, 'IssueDate'), {
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    format: 'YYYY-MM-DD',
  });
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : 0;
  if (Number.isNaN(day) || (day && new Date(day).toISOString().slice(0, 10) !== date)) {
    p.add('Invoice.IssueDate', `${show(date)} is not a calendar date`);
  }
  p.text('Invoice.IssueTime', valueOf(invoice, 'IssueTime'), {
    pattern: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/,
    format: 'HH:MM:SSZ in UTC',
  });

  // Currency: DocumentCurrencyCode [1-1], TaxCurrencyCode [0-1] [INV]. MYR only (project rule).
  const currency = p.text(
    'Invoice.DocumentCurrencyCode',
    valueOf(invoice, 'DocumentCurrencyCode'),
    {
      pattern: /^MYR$/,
      format: 'MYR (project rule: foreign currency needs TaxExchangeRate, not checked here)',
    },
  );
  p.text('Invoice.TaxCurrencyCode', valueOf(invoice, 'TaxCurrencyCode'), { oneOf: ['MYR'] }, false);
  const money = currency ?? 'MYR';

  // Credit note: the original e-invoice, BillingReference.InvoiceDocumentReference with its
  // number (ID) and its MyInvois UUID (26) [CN], [SAMPLE 1.0 Credit Note].
  const references = nodes(invoice, 'BillingReference').flatMap((b) =>
    nodes(b, 'InvoiceDocumentReference'),
  );
  if (type === '02' && references.length === 0) {
    p.add(
      'Invoice.BillingReference.InvoiceDocumentReference',
      'missing: a credit note names the original e-invoice (ID and MyInvois UUID)',
    );
  }
  references.forEach((reference, i) => {
    const at = `Invoice.BillingReference.InvoiceDocumentReference[${i}]`;
    p.text(`${at}.ID`, valueOf(reference, 'ID'), { max: 50 });
    p.text(`${at}.UUID`, valueOf(reference, 'UUID'), { max: 26 });
  });

  // Supplier and buyer [INV Supplier, Buyer].
  checkParty(p, invoice, 'supplier');
  checkParty(p, invoice, 'buyer');

  // Lines [1-*] and totals.
  const lineNodes = nodes(invoice, 'InvoiceLine');
  if (lineNodes.length === 0) p.add('Invoice.InvoiceLine', 'missing');
  const lines = lineNodes.map((line, i) => checkLine(p, line, `Invoice.InvoiceLine[${i}]`, money));
  checkTotals(p, invoice, lines, money);

  // v1.1: signature validation is on, so the signature must be there [FAQ], [SIG].
  if (version === '1.1') checkSignature(p, invoice);

  return p.list;
}
