/**
 * The instance's signing certificate, which seals completed documents. An organisation may
 * bring its own (`FORMSIGN_SIGNING_P12` and `FORMSIGN_SIGNING_PASSWORD`); otherwise, as peer
 * products do, the instance makes its own on first use: a root certificate and a signing
 * certificate issued by it. They are kept in the database, sealed with the instance's secret,
 * so that every server process of an instance seals with the same certificate and the
 * verification page recognises any of their documents.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { Keys } from '../auth/keys.js';
import type { Database } from '../db/database.js';
import { readStored, storeOnce } from './certificate-repository.js';
import { fingerprintOf } from './pdf-signatures.js';

export interface SigningIdentity {
  /** The PKCS#12 bundle (key and chain) and its password, as the PDF signer takes them. */
  p12: Uint8Array;
  password: string;
  /** SHA-256 of the signing certificate's DER, hex: how a document's signer is recognised. */
  fingerprint: string;
  /** Who the certificate names. */
  commonName: string;
  /** The root certificate, PEM (for people who want to trust it). */
  rootPem: string;
}

const years = (n: number) => new Date(Date.now() + n * 365 * 86_400_000);

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.rsa.PublicKey,
  signingKey: forge.pki.rsa.PrivateKey,
  validYears: number,
  authority: boolean,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = years(validYears);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    authority
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
          { name: 'extKeyUsage', emailProtection: true },
          { name: 'subjectKeyIdentifier' },
        ],
  );
  cert.sign(signingKey, forge.md.sha256.create());
  return cert;
}

/** A new root and signing certificate for this instance, as PEM and a PKCS#12 bundle. */
export function makeInstanceCertificates(name: string): { p12: Buffer; password: string; rootPem: string } {
  const rootKeys = forge.pki.rsa.generateKeyPair(2048);
  const rootName = [
    { name: 'commonName', value: `${name} root` },
    { name: 'organizationName', value: name },
  ];
  const root = certificate(rootName, rootName, rootKeys.publicKey, rootKeys.privateKey, 20, true);
  const signingKeys = forge.pki.rsa.generateKeyPair(2048);
  const signingName = [
    { name: 'commonName', value: `${name} document sealing` },
    { name: 'organizationName', value: name },
  ];
  const signing = certificate(signingName, rootName, signingKeys.publicKey, rootKeys.privateKey, 10, false);
  const password = randomBytes(18).toString('base64url');
  const bundle = forge.pkcs12.toPkcs12Asn1(signingKeys.privateKey, [signing, root], password, {
    algorithm: 'aes256',
    friendlyName: `${name} document sealing`,
  });
  return { p12: Buffer.from(forge.asn1.toDer(bundle).getBytes(), 'binary'), password, rootPem: forge.pki.certificateToPem(root) };
}

/** What a PKCS#12 bundle holds: the signing certificate's fingerprint and name, and the top of its chain. */
export function describeP12(p12: Uint8Array, password: string): Pick<SigningIdentity, 'fingerprint' | 'commonName' | 'rootPem'> {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  const bundle = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  const certs = (bundle.getBags({ bagType: forge.pki.oids['certBag'] as string })[forge.pki.oids['certBag'] as string] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const keyBag = bundle.getBags({ bagType: forge.pki.oids['pkcs8ShroudedKeyBag'] as string })[forge.pki.oids['pkcs8ShroudedKeyBag'] as string]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  // The signing certificate is the one whose public key matches the private key.
  const signing = certs.find((cert) => key && (cert.publicKey as forge.pki.rsa.PublicKey).n.equals(key.n)) ?? certs[0];
  if (!signing) throw new Error('The signing bundle holds no certificate.');
  const root = certs.find((cert) => cert.subject.hash === cert.issuer.hash) ?? certs.at(-1) ?? signing;
  return {
    fingerprint: fingerprintOf(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(signing)).getBytes(), 'binary')),
    commonName: String(signing.subject.getField('CN')?.value ?? ''),
    rootPem: forge.pki.certificateToPem(root),
  };
}

export interface CertificateSettings {
  /** A PKCS#12 file of the organisation's own certificate, and its password. */
  p12Path?: string | undefined;
  p12Password?: string | undefined;
  /** The name generated certificates carry. */
  name: string;
}

/**
 * The instance's signing identity: the configured bundle, else the one kept in the database,
 * made and kept on first use (of several processes starting together, the first to store it
 * wins and the others read it).
 */
export async function loadSigningIdentity(db: Database, keys: Keys, settings: CertificateSettings): Promise<SigningIdentity> {
  if (settings.p12Path) {
    const p12 = readFileSync(settings.p12Path);
    const password = settings.p12Password ?? '';
    return { p12, password, ...describeP12(p12, password) };
  }
  let sealed = await readStored(db, 'signing-p12');
  if (!sealed) {
    const made = makeInstanceCertificates(settings.name);
    await storeOnce(db, 'signing-p12', keys.seal(JSON.stringify({ p12: made.p12.toString('base64'), password: made.password })));
    sealed = await readStored(db, 'signing-p12');
    if (!sealed) throw new Error('The signing certificate could not be stored.');
  }
  const { p12, password } = JSON.parse(keys.unseal(sealed)) as { p12: string; password: string };
  const bytes = Buffer.from(p12, 'base64');
  return { p12: bytes, password, ...describeP12(bytes, password) };
}
