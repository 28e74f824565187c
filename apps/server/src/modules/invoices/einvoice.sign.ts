import {
  createHash,
  createPrivateKey,
  type KeyObject,
  sign as rsaSign,
  X509Certificate,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import forge from 'node-forge';
import type { UblDocument } from './einvoice.js';

/**
 * The digital signature of a MyInvois e-Invoice or Credit Note version 1.1 in the UBL 2.1 JSON
 * form, as LHDN's SDK documents it. `loadSigner(p12, password)` reads the signing certificate and
 * its private key from a PKCS#12 file; `signer.sign(document, signingTime)` returns the document
 * with its enveloped XAdES signature (`UBLExtensions`) and the signature's name (`Signature`).
 *
 * Sources (LHDN MyInvois SDK, sdk.myinvois.hasil.gov.my):
 * - [SIG] "Signature" /signature/: the structure, the property names DocDigest, Sig, CertDigest,
 *   PropsDigest, and the ExtensionURI.
 * - [SC] "Document Signature Creation" /signature-creation/: the steps; for JSON, minify.
 * - [SCJ] "Signature Creation (JSON)" /signature-creation-json/: the worked JSON example, which
 *   says which JSON is hashed (steps 1, 2, 6) and shows the SignedProperties and UBLExtensions.
 * - [SAMPLE] /files/sdksamples/1.1-Invoice-Sample.json and /files/sample-ul-invoice-2.1-signed.min.json:
 *   the JSON shape followed here key for key. Both samples verify under the rules below: their
 *   DocDigest, PropsDigest, CertDigest and RSA signature all recompute from their own content.
 *
 * What is hashed and signed:
 * - The document's content is the document without `Invoice[0].UBLExtensions` and
 *   `Invoice[0].Signature`, minified: `JSON.stringify`, keys in their order, no whitespace, UTF-8.
 *   DocDigest = base64(SHA-256(content)); SignatureValue = base64(RSA PKCS#1 v1.5 SHA-256
 *   signature of the content) [SC steps 3–4, SCJ steps 1–3].
 * - CertDigest = base64(SHA-256(the certificate's DER)) [SCJ step 4].
 * - PropsDigest = base64(SHA-256(minified QualifyingProperties object)), i.e. of
 *   `{"Target":"signature","SignedProperties":[…]}` [SCJ step 6's example].
 *
 * The JSON of MyInvois therefore has no canonicalization beyond minifying: the text submitted
 * must be `JSON.stringify` of the signed document (so its unsigned part is the content, byte for
 * byte), as the client sends it. The JSON samples carry no CanonicalizationMethod, no Transforms
 * and no Reference Id: those belong to the XML form [SIG], and are left out here as there.
 *
 * Pure apart from the cryptography; deterministic for a key, a document and a signing time.
 */

const XADES = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const SIGNATURE_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';
const SIGNATURE_INFORMATION_ID = 'urn:oasis:names:specification:ubl:signature:1';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903/v1.3.2#SignedProperties';
const SIGNED_PROPERTIES_ID = 'id-xades-signed-props';
/** The ds:Signature's Id, which QualifyingProperties targets. */
const SIGNATURE_ELEMENT_ID = 'signature';

export interface Signer {
  /** The signing certificate (its subject, issuer and validity, for logs and checks). */
  readonly certificate: X509Certificate;
  /**
   * A new document: `document` (version 1.1, as buildEInvoice returns it) with the signature
   * added at the end of `Invoice[0]`. A signature already there is replaced.
   */
  sign(document: UblDocument, signingTime: Date): UblDocument;
}

type Node = Record<string, unknown>;

/** One UBL value, `[{_: value}]`. */
const v = (value: string) => [{ _: value }];
/** An empty element with an Algorithm attribute, `[{_: '', Algorithm}]` [SAMPLE]. */
const algorithm = (uri: string) => [{ _: '', Algorithm: uri }];
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64');

const fail = (problem: string): never => {
  throw new Error(`e-invoice signing: ${problem}`);
};

// ---- Names as LHDN writes them ----

/**
 * Attribute names as .NET's X500DistinguishedName writes them (the SDK's examples are C#); an
 * attribute without one is written `OID.<oid>`.
 */
const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'S',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.42': 'G',
  '2.5.4.43': 'I',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/** An attribute value's text from its ASN.1 string type (forge gives the bytes). */
function attributeText(value: forge.asn1.Asn1): string {
  const bytes = Buffer.from(typeof value.value === 'string' ? value.value : '', 'binary');
  switch (value.type) {
    case forge.asn1.Type.UTF8:
      return bytes.toString('utf8');
    case forge.asn1.Type.BMPSTRING:
      // UTF-16 big-endian.
      return Buffer.from(bytes).swap16().toString('utf16le');
    default:
      // PrintableString, IA5String, TeletexString: single bytes.
      return bytes.toString('latin1');
  }
}

/** Quoted as .NET quotes a value with a special character or edge whitespace. */
const quote = (text: string) =>
  /^\s|\s$|[,+="\n<>#;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * A distinguished name as the SDK's samples write X509IssuerName: its RDNs last first,
 * `NAME=value` joined with ", " (.NET's X500DistinguishedName.Name), e.g. a DER sequence C, O,
 * OU, CN is "CN=…, OU=…, O=…, C=MY" [SCJ] and CN, OU, O, C is "C=MY, O=…, OU=…, CN=…" [SAMPLE 1.1].
 * MyInvois compares it with the certificate's issuer (error DS326).
 */
function distinguishedName(name: forge.asn1.Asn1): string {
  const rdns = (name.value as forge.asn1.Asn1[]).map((set) =>
    (set.value as forge.asn1.Asn1[])
      .map((pair) => {
        const [type, value] = pair.value as forge.asn1.Asn1[];
        if (!type || !value) return fail('the certificate has an unreadable name');
        const oid = forge.asn1.derToOid(type.value as string);
        return `${ATTRIBUTE_NAMES[oid] ?? `OID.${oid}`}=${quote(attributeText(value))}`;
      })
      .join(' + '),
  );
  return rdns.reverse().join(', ');
}

/** The issuer and subject names, read from the certificate's own DER. */
function certificateNames(der: Buffer): { issuer: string; subject: string } {
  const certificate = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const tbs = (certificate.value as forge.asn1.Asn1[])[0];
  const fields = (tbs?.value ?? []) as forge.asn1.Asn1[];
  // TBSCertificate: [0] version (optional), serialNumber, signature, issuer, validity, subject.
  const at = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const issuer = fields[at + 2];
  const subject = fields[at + 4];
  if (!issuer || !subject) return fail('the certificate has no issuer or subject');
  return { issuer: distinguishedName(issuer), subject: distinguishedName(subject) };
}

// ---- PKCS#12 ----

interface Pair {
  key: KeyObject;
  certificate: X509Certificate;
}

function readPkcs12(p12: Buffer, password: string): Pair {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // forge: "PKCS#12 MAC could not be verified. Invalid password?" or, without a MAC,
    // "Unable to decrypt PKCS#8 ShroudedKeyBag, wrong password?".
    if (/password/i.test(message)) fail('wrong password for the PKCS#12 file');
    return fail(`not a readable PKCS#12 file (${message})`);
  }

  const bagsOf = (bagType: string) => pfx.getBags({ bagType })[bagType] ?? [];
  const keyBags = [
    ...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!),
    ...bagsOf(forge.pki.oids.keyBag!),
  ];
  const certBags = bagsOf(forge.pki.oids.certBag!);
  if (keyBags.length === 0) fail('the PKCS#12 file holds no private key');
  if (certBags.length === 0) fail('the PKCS#12 file holds no certificate');

  // forge reads RSA keys only; LHDN's signature method is RSA-SHA256 [SIG].
  const keys = keyBags.flatMap((bag) =>
    bag.key ? [createPrivateKey(forge.pki.privateKeyToPem(bag.key))] : [],
  );
  if (keys.length === 0) fail('the PKCS#12 key is not an RSA key (LHDN signs with RSA-SHA256)');

  const certificates = certBags.flatMap((bag) => {
    // Re-encoded from forge's parse, which keeps the TBSCertificate as read: the same DER
    // (checked on LHDN's two sample certificates and a system CA bundle's 111 RSA ones).
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (!asn1) return [];
    return [new X509Certificate(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'))];
  });

  // The signing certificate is the one of the key; the others are its chain.
  for (const key of keys) {
    const certificate = certificates.find((c) => c.checkPrivateKey(key));
    if (certificate) return { key, certificate };
  }
  return fail('no certificate in the PKCS#12 file belongs to its private key');
}

// ---- Signing ----

/** The document without its signature sections, as a new JSON tree, and its one Invoice. */
function unsigned(document: UblDocument): { document: UblDocument; invoice: Node } {
  const copy = JSON.parse(JSON.stringify(document)) as UblDocument;
  const invoices = copy.Invoice;
  const first: unknown = Array.isArray(invoices) ? invoices[0] : undefined;
  if (!Array.isArray(invoices) || invoices.length !== 1 || typeof first !== 'object' || !first) {
    return fail('the document must hold exactly one Invoice');
  }
  // [SC step 2], [SCJ step 1]: the sections are removed if they exist.
  const { UBLExtensions: _extensions, Signature: _signature, ...invoice } = first as Node;
  const typeCode = (invoice.InvoiceTypeCode as Node[] | undefined)?.[0];
  if (typeCode?.listVersionID !== '1.1') {
    fail(`only a version 1.1 document is signed, not ${JSON.stringify(typeCode?.listVersionID)}`);
  }
  return { document: { ...copy, Invoice: [invoice] }, invoice };
}

/** `YYYY-MM-DDTHH:MM:SSZ` in UTC [SIG Signed Properties]. */
function utc(time: Date): string {
  if (Number.isNaN(time.getTime())) return fail('the signing time is not a date');
  return `${time.toISOString().slice(0, 19)}Z`;
}

/** A signer for the key and certificate of `p12`; throws a clear error for what it cannot use. */
export function loadSigner(p12: Buffer, password: string): Signer {
  const { key, certificate } = readPkcs12(p12, password);
  const der = certificate.raw;
  const names = certificateNames(der);
  const issuerSerial = {
    X509IssuerName: v(names.issuer),
    // Decimal, as the samples write it [SIG].
    X509SerialNumber: v(BigInt(`0x${certificate.serialNumber}`).toString(10)),
  };
  const certDigest = sha256(der);
  const x509Data = {
    X509Certificate: v(der.toString('base64')),
    // The samples put the issuer's name here too; the certificate's subject is what
    // ds:X509SubjectName means, and the field is not signed.
    X509SubjectName: v(names.subject),
    X509IssuerSerial: [issuerSerial],
  };

  return {
    certificate,
    sign(document, signingTime) {
      const { document: content, invoice } = unsigned(document);
      const bytes = Buffer.from(JSON.stringify(content), 'utf8');
      const docDigest = sha256(bytes);
      const signatureValue = rsaSign('sha256', bytes, key).toString('base64');

      const qualifyingProperties = {
        Target: SIGNATURE_ELEMENT_ID,
        SignedProperties: [
          {
            Id: SIGNED_PROPERTIES_ID,
            SignedSignatureProperties: [
              {
                SigningTime: v(utc(signingTime)),
                SigningCertificate: [
                  {
                    Cert: [
                      {
                        CertDigest: [
                          { DigestMethod: algorithm(SHA256), DigestValue: v(certDigest) },
                        ],
                        IssuerSerial: [issuerSerial],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      };
      const propsDigest = sha256(JSON.stringify(qualifyingProperties));

      const signature = {
        Id: SIGNATURE_ELEMENT_ID,
        Object: [{ QualifyingProperties: [qualifyingProperties] }],
        KeyInfo: [{ X509Data: [x509Data] }],
        SignatureValue: v(signatureValue),
        SignedInfo: [
          {
            SignatureMethod: algorithm(RSA_SHA256),
            Reference: [
              {
                Type: SIGNED_PROPERTIES_TYPE,
                URI: `#${SIGNED_PROPERTIES_ID}`,
                DigestMethod: algorithm(SHA256),
                DigestValue: v(propsDigest),
              },
              // The document itself: URI "" is the enveloping document [SIG].
              { Type: '', URI: '', DigestMethod: algorithm(SHA256), DigestValue: v(docDigest) },
            ],
          },
        ],
      };

      // Fresh objects throughout: the result shares nothing with `document` or other results.
      const signed: Node = JSON.parse(
        JSON.stringify({
          ...invoice,
          UBLExtensions: [
            {
              UBLExtension: [
                {
                  ExtensionURI: v(XADES),
                  ExtensionContent: [
                    {
                      UBLDocumentSignatures: [
                        {
                          SignatureInformation: [
                            {
                              ID: v(SIGNATURE_INFORMATION_ID),
                              ReferencedSignatureID: v(SIGNATURE_ID),
                              Signature: [signature],
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
          Signature: [{ ID: v(SIGNATURE_ID), SignatureMethod: v(XADES) }],
        }),
      ) as Node;
      return { ...content, Invoice: [signed] };
    },
  };
}

/** The signer of the configured PKCS#12 file, or none when signing is not configured. */
export async function signerFromConfig(
  config: { p12Path: string; password: string } | null,
): Promise<Signer | null> {
  if (!config) return null;
  let p12: Buffer;
  try {
    p12 = await readFile(config.p12Path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(`cannot read the PKCS#12 file ${config.p12Path} (${message})`);
  }
  return loadSigner(p12, config.password);
}
