import { createHash, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEInvoice, type EInvoiceFacts, type UblDocument } from './einvoice.js';
import { invoiceFacts } from '../../../test/einvoice-facts.js';
import { checkEInvoice } from '../../../test/einvoice-rules.js';
import { loadSigner, type Signer, signerFromConfig } from './einvoice.sign.js';

type Node = Record<string, unknown>;

// ---- A throwaway CA, a signing certificate it issued, and their PKCS#12 ----

const PASSWORD = 'correct horse battery staple';

/** An RSA key made by Node (fast), as forge's key. */
function rsaKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(pem);
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

const ca = rsaKey();
const signing = rsaKey();

/** A certificate for `subject`'s key, signed by `issuer`'s (the same for a self-signed one). */
function certificate(options: {
  serial: string;
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKey: forge.pki.rsa.PublicKey;
  signWith: forge.pki.rsa.PrivateKey;
}) {
  const cert = forge.pki.createCertificate();
  cert.serialNumber = options.serial;
  cert.publicKey = options.publicKey;
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2027-01-01T00:00:00Z');
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.sign(options.signWith, forge.md.sha256.create());
  return cert;
}

// As DER sequences: the CA's C, O, OU, CN (like LHDN's trial CA), the seller's in another order.
const caName: forge.pki.CertificateField[] = [
  { shortName: 'C', value: 'MY' },
  { shortName: 'O', value: 'Trial CA, Sdn Bhd' },
  { shortName: 'OU', value: 'Terms of use at https://ca.example.my' },
  { shortName: 'CN', value: 'Trial Sub CA V1' },
];
const sellerName: forge.pki.CertificateField[] = [
  { shortName: 'CN', value: 'Kuala Selangor Fresh Catch' },
  { type: '2.5.4.97', value: 'C20880050010' },
  { type: '2.5.4.5', value: '202001234567' },
  { shortName: 'C', value: 'MY' },
];
const caCert = certificate({
  serial: '01',
  subject: caName,
  issuer: caName,
  publicKey: ca.publicKey,
  signWith: ca.key,
});
const signingCert = certificate({
  // A high bit set: DER adds a 00 byte, the decimal serial is still positive.
  serial: '00e3b0c44298fc1c149afbf4c8996fb924',
  subject: sellerName,
  issuer: caName,
  publicKey: signing.publicKey,
  signWith: ca.key,
});

function pkcs12(
  key: forge.pki.rsa.PrivateKey | null,
  certs: forge.pki.Certificate[],
  password = PASSWORD,
) {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, password, {
    algorithm: '3des',
    // forge derives the key's id from the first certificate: none without one.
    generateLocalKeyId: certs.length > 0,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

// The chain before the signing certificate: the signer must pick the key's own.
const p12 = pkcs12(signing.key, [caCert, signingCert]);
const signingDer = Buffer.from(
  forge.asn1.toDer(forge.pki.certificateToAsn1(signingCert)).getBytes(),
  'binary',
);

// ---- The document ----

const facts = (overrides: Partial<EInvoiceFacts> = {}): EInvoiceFacts =>
  invoiceFacts({
    version: '1.1',
    lines: [
      // Not ASCII, to hash UTF-8.
      {
        description: 'Bawal putih 白鲳 (Silver pomfret)',
        quantity: 105,
        price: 2350,
        amount: 24675,
      },
    ],
    ...overrides,
  });

function build(overrides: Partial<EInvoiceFacts> = {}): UblDocument {
  const result = buildEInvoice(facts(overrides));
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`);
  return result.document;
}

const SIGNING_TIME = new Date('2026-01-14T17:31:02.789Z');

// ---- Reading the signed document, independently of the signer ----

/** The object at a dotted path of keys and array indexes. */
function at(root: unknown, path: string): Node {
  let here = root;
  for (const key of path.split('.')) here = (here as Record<string, unknown>)[key];
  if (typeof here !== 'object' || here === null) throw new Error(`nothing at ${path}`);
  return here as Node;
}
const valueAt = (root: unknown, path: string) => at(root, path)._;

const INVOICE = 'Invoice.0';
const DS =
  'Invoice.0.UBLExtensions.0.UBLExtension.0.ExtensionContent.0.UBLDocumentSignatures.0.SignatureInformation.0.Signature.0';
const QP = `${DS}.Object.0.QualifyingProperties.0`;
const CERT = `${QP}.SignedProperties.0.SignedSignatureProperties.0.SigningCertificate.0.Cert.0`;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64');

/** The signed content: the submitted text's document without UBLExtensions and Signature. */
function content(text: string): Buffer {
  const document = JSON.parse(text) as Node;
  const invoice = { ...at(document, INVOICE) };
  delete invoice.UBLExtensions;
  delete invoice.Signature;
  return Buffer.from(JSON.stringify({ ...document, Invoice: [invoice] }), 'utf8');
}

/** What MyInvois checks of the signature, recomputed from the submitted text. */
function verifyText(text: string) {
  const signed = JSON.parse(text) as Node;
  const bytes = content(text);
  const certificate = new X509Certificate(
    Buffer.from(String(valueAt(signed, `${DS}.KeyInfo.0.X509Data.0.X509Certificate.0`)), 'base64'),
  );
  const [props, doc] = at(signed, `${DS}.SignedInfo.0`).Reference as Node[];
  return {
    docDigest: valueAt(doc, 'DigestValue.0') === sha256(bytes),
    signature: verify(
      'sha256',
      bytes,
      certificate.publicKey,
      Buffer.from(String(valueAt(signed, `${DS}.SignatureValue.0`)), 'base64'),
    ),
    certDigest: valueAt(signed, `${CERT}.CertDigest.0.DigestValue.0`) === sha256(certificate.raw),
    propsDigest: valueAt(props, 'DigestValue.0') === sha256(JSON.stringify(at(signed, QP))),
  };
}

const allValid = { docDigest: true, signature: true, certDigest: true, propsDigest: true };

describe('MyInvois v1.1 digital signature (JSON)', () => {
  let signer: Signer;
  beforeAll(() => {
    signer = loadSigner(p12, PASSWORD);
  });

  it('reads the signing key and its certificate from the PKCS#12, not the chain', () => {
    expect(signer.certificate.raw.equals(signingDer)).toBe(true);
    expect(signer.certificate.subject).toContain('CN=Kuala Selangor Fresh Catch');
  });

  it('signs the document without its signature: DocDigest and RSA-SHA256 over the minified JSON', () => {
    const document = build();
    const signed = signer.sign(document, SIGNING_TIME);
    const text = JSON.stringify(signed);

    // The signed content is exactly the unsigned document as JSON.stringify writes it.
    const unsignedBytes = Buffer.from(JSON.stringify(document), 'utf8');
    expect(content(text).equals(unsignedBytes)).toBe(true);
    const [, doc] = at(signed, `${DS}.SignedInfo.0`).Reference as Node[];
    expect(valueAt(doc, 'DigestValue.0')).toBe(sha256(unsignedBytes));

    // Verified with the certificate's public key, as MyInvois would.
    const signature = Buffer.from(String(valueAt(signed, `${DS}.SignatureValue.0`)), 'base64');
    expect(
      verify('sha256', unsignedBytes, new X509Certificate(signingDer).publicKey, signature),
    ).toBe(true);
    expect(verifyText(text)).toEqual(allValid);
  });

  it('digests the certificate and the signed properties, and names the certificate as LHDN does', () => {
    const signed = signer.sign(build(), SIGNING_TIME);

    expect(valueAt(signed, `${DS}.KeyInfo.0.X509Data.0.X509Certificate.0`)).toBe(
      signingDer.toString('base64'),
    );
    expect(valueAt(signed, `${CERT}.CertDigest.0.DigestValue.0`)).toBe(sha256(signingDer));
    expect(at(signed, `${CERT}.CertDigest.0.DigestMethod.0`)).toEqual({
      _: '',
      Algorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    // The issuer's RDNs last first, as .NET writes them; a value with a comma quoted.
    const issuerName =
      'CN=Trial Sub CA V1, OU=Terms of use at https://ca.example.my, O="Trial CA, Sdn Bhd", C=MY';
    const serial = BigInt('0xe3b0c44298fc1c149afbf4c8996fb924').toString(10);
    expect(at(signed, `${CERT}.IssuerSerial.0`)).toEqual({
      X509IssuerName: [{ _: issuerName }],
      X509SerialNumber: [{ _: serial }],
    });
    expect(at(signed, `${DS}.KeyInfo.0.X509Data.0`)).toMatchObject({
      X509SubjectName: [
        {
          _: 'C=MY, SERIALNUMBER=202001234567, OID.2.5.4.97=C20880050010, CN=Kuala Selangor Fresh Catch',
        },
      ],
      X509IssuerSerial: [
        { X509IssuerName: [{ _: issuerName }], X509SerialNumber: [{ _: serial }] },
      ],
    });
    // UTC, to the second.
    expect(
      valueAt(signed, `${QP}.SignedProperties.0.SignedSignatureProperties.0.SigningTime.0`),
    ).toBe('2026-01-14T17:31:02Z');

    // PropsDigest: the minified QualifyingProperties object, {"Target":"signature",...}.
    const [props] = at(signed, `${DS}.SignedInfo.0`).Reference as Node[];
    const qualifying = JSON.stringify(at(signed, QP));
    expect(
      qualifying.startsWith(
        '{"Target":"signature","SignedProperties":[{"Id":"id-xades-signed-props",',
      ),
    ).toBe(true);
    expect(valueAt(props, 'DigestValue.0')).toBe(sha256(qualifying));
  });

  it('writes QualifyingProperties byte for byte as the SDK example whose PropsDigest LHDN publishes', () => {
    // "Signature Creation (JSON)", steps 5–7: these four values and this digest are LHDN's.
    const example =
      '{"Target":"signature","SignedProperties":[{"Id":"id-xades-signed-props","SignedSignatureProperties":[{"SigningTime":[{"_":"2024-07-23T15:14:54Z"}],"SigningCertificate":[{"Cert":[{"CertDigest":[{"DigestMethod":[{"_":"","Algorithm":"http://www.w3.org/2001/04/xmlenc#sha256"}],"DigestValue":[{"_":"KKBSTyiPKGkGl1AFqcPziKCEIDYGtnYUTQN4ukO7G40="}]}],"IssuerSerial":[{"X509IssuerName":[{"_":"CN=Trial LHDNM Sub CA V1, OU=Terms of use at http://www.posdigicert.com.my, O=LHDNM, C=MY"}],"X509SerialNumber":[{"_":"162880276254639189035871514749820882117"}]}]}]}]}]}]}';
    expect(sha256(example)).toBe('Rzuzz+70GSnGBF1YxhHnjSzFpQ1MW4vyX/Q9bTHkE2c=');

    const signed = signer.sign(build(), new Date('2024-07-23T15:14:54Z'));
    const ours = at(signed, QP);
    const cert = at(
      ours,
      'SignedProperties.0.SignedSignatureProperties.0.SigningCertificate.0.Cert.0',
    );
    at(cert, 'CertDigest.0.DigestValue.0')._ = 'KKBSTyiPKGkGl1AFqcPziKCEIDYGtnYUTQN4ukO7G40=';
    at(cert, 'IssuerSerial.0.X509IssuerName.0')._ =
      'CN=Trial LHDNM Sub CA V1, OU=Terms of use at http://www.posdigicert.com.my, O=LHDNM, C=MY';
    at(cert, 'IssuerSerial.0.X509SerialNumber.0')._ = '162880276254639189035871514749820882117';
    expect(JSON.stringify(ours)).toBe(example);
  });

  it('places UBLExtensions and Signature as LHDN 1.1-Invoice-Sample.json does, and passes the rules', () => {
    const document = build();
    const signed = signer.sign(document, SIGNING_TIME);
    const invoice = at(signed, INVOICE);

    expect(Object.keys(invoice)).toEqual([
      ...Object.keys(at(document, INVOICE)),
      'UBLExtensions',
      'Signature',
    ]);
    expect(Object.keys(signed)).toEqual(['_D', '_A', '_B', 'Invoice']);
    expect(invoice.Signature).toEqual([
      {
        ID: [{ _: 'urn:oasis:names:specification:ubl:signature:Invoice' }],
        SignatureMethod: [{ _: 'urn:oasis:names:specification:ubl:dsig:enveloped:xades' }],
      },
    ]);
    const extension = at(signed, 'Invoice.0.UBLExtensions.0.UBLExtension.0');
    expect(valueAt(extension, 'ExtensionURI.0')).toBe(
      'urn:oasis:names:specification:ubl:dsig:enveloped:xades',
    );
    const information = at(
      extension,
      'ExtensionContent.0.UBLDocumentSignatures.0.SignatureInformation.0',
    );
    expect(valueAt(information, 'ID.0')).toBe('urn:oasis:names:specification:ubl:signature:1');
    expect(valueAt(information, 'ReferencedSignatureID.0')).toBe(
      'urn:oasis:names:specification:ubl:signature:Invoice',
    );

    // The sample's ds:Signature, key for key.
    const ds = at(signed, DS);
    expect(Object.keys(ds)).toEqual(['Id', 'Object', 'KeyInfo', 'SignatureValue', 'SignedInfo']);
    expect(ds.Id).toBe('signature');
    expect(Object.keys(at(ds, 'KeyInfo.0.X509Data.0'))).toEqual([
      'X509Certificate',
      'X509SubjectName',
      'X509IssuerSerial',
    ]);
    const signedInfo = at(ds, 'SignedInfo.0');
    expect(at(signedInfo, 'SignatureMethod.0')).toEqual({
      _: '',
      Algorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    });
    const [props, doc] = signedInfo.Reference as Node[];
    expect(props).toMatchObject({
      Type: 'http://uri.etsi.org/01903/v1.3.2#SignedProperties',
      URI: '#id-xades-signed-props',
    });
    expect(doc).toMatchObject({ Type: '', URI: '' });
    for (const reference of [props, doc]) {
      expect(Object.keys(reference!)).toEqual(['Type', 'URI', 'DigestMethod', 'DigestValue']);
    }

    expect(checkEInvoice(signed)).toEqual([]);
    // Unsigned, the same v1.1 document is missing its signature.
    expect(checkEInvoice(document)).toHaveLength(2);
  });

  it('signs a credit note the same way', () => {
    const document = build({
      kind: 'credit_note',
      number: 'CN2026-000007',
      original: { number: 'INV2026-000042', uuid: 'F9D425P6DS7D8IU' },
    });
    const signed = signer.sign(document, SIGNING_TIME);
    expect(verifyText(JSON.stringify(signed))).toEqual(allValid);
    expect(checkEInvoice(signed)).toEqual([]);
  });

  it('fails verification when one byte of the signed content changes', () => {
    const text = JSON.stringify(signer.sign(build(), SIGNING_TIME));
    expect(verifyText(text)).toEqual(allValid);

    const amount = text.replace('"PayableAmount":[{"_":246.75', '"PayableAmount":[{"_":246.76');
    expect(amount).not.toBe(text);
    expect(verifyText(amount)).toMatchObject({ docDigest: false, signature: false });

    const number = text.replace('INV2026-000042', 'INV2026-000043');
    expect(verifyText(number)).toMatchObject({ docDigest: false, signature: false });

    // And the signed properties: a later signing time no longer matches PropsDigest.
    const time = text.replace('2026-01-14T17:31:02Z', '2026-01-14T17:31:03Z');
    expect(verifyText(time)).toMatchObject({ docDigest: true, propsDigest: false });
  });

  it('is deterministic, returns a new document and leaves its input alone', () => {
    const document = build();
    const before = JSON.stringify(document);
    const once = signer.sign(document, SIGNING_TIME);
    expect(JSON.stringify(document)).toBe(before);
    expect(signer.sign(document, SIGNING_TIME)).toEqual(once);
    expect(at(once, INVOICE)).not.toBe(at(document, INVOICE));

    // Another time changes the signed properties only; the document's signature stays.
    const later = signer.sign(document, new Date('2026-01-15T00:00:00Z'));
    expect(valueAt(later, `${DS}.SignatureValue.0`)).toBe(valueAt(once, `${DS}.SignatureValue.0`));
    expect(valueAt(later, `${DS}.SignedInfo.0.Reference.0.DigestValue.0`)).not.toBe(
      valueAt(once, `${DS}.SignedInfo.0.Reference.0.DigestValue.0`),
    );

    // Signing a signed document replaces its signature.
    expect(signer.sign(once, new Date('2026-01-15T00:00:00Z'))).toEqual(later);
  });

  it('signs version 1.1 only', () => {
    expect(() => signer.sign(build({ version: '1.0' }), SIGNING_TIME)).toThrow(
      /only a version 1\.1 document is signed, not "1\.0"/,
    );
    expect(() => signer.sign(build(), new Date(Number.NaN))).toThrow(/signing time/);
  });

  it('says what is wrong with a PKCS#12 it cannot use', () => {
    expect(() => loadSigner(p12, 'wrong password')).toThrow(/wrong password for the PKCS#12 file/);
    expect(() => loadSigner(Buffer.from('not a certificate'), PASSWORD)).toThrow(
      /not a readable PKCS#12 file/,
    );
    expect(() => loadSigner(pkcs12(null, [signingCert]), PASSWORD)).toThrow(/holds no private key/);
    expect(() => loadSigner(pkcs12(signing.key, []), PASSWORD)).toThrow(/holds no certificate/);
    expect(() => loadSigner(pkcs12(signing.key, [caCert]), PASSWORD)).toThrow(
      /no certificate in the PKCS#12 file belongs to its private key/,
    );
  });

  describe('signerFromConfig', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'einvoice-sign-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('is no signer without a configuration, and the file’s signer with one', async () => {
      expect(await signerFromConfig(null)).toBeNull();
      const p12Path = join(dir, 'signing.p12');
      await writeFile(p12Path, p12);
      const fromFile = await signerFromConfig({ p12Path, password: PASSWORD });
      expect(fromFile?.sign(build(), SIGNING_TIME)).toEqual(signer.sign(build(), SIGNING_TIME));
      await expect(
        signerFromConfig({ p12Path: join(dir, 'missing.p12'), password: PASSWORD }),
      ).rejects.toThrow(/cannot read the PKCS#12 file .*missing\.p12/);
    });
  });
});
