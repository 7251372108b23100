/**
 * Uploading a delivery's files to an SFTP server (beside the guarded client: the one other
 * place the server opens a connection to a system an administrator names) (`sftp://host[:port]/folder`). The host is
 * resolved and checked by the guarded client as a webhook's is (the public internet only,
 * unless the operator allows more) and the connection goes to the address checked. The
 * server's host key is pinned on first use: a later key that differs refuses the delivery.
 * Signing in, uploading and closing take at most `sftpTimeoutMs` together.
 */
import { createHash } from 'node:crypto';
import SftpClient from 'ssh2-sftp-client';
import { OutboundError, type OutboundClient } from './outbound.js';

export const sftpTimeoutMs = 20_000;
/** The most a delivery uploads (a sealed PDF of the largest template and its data). */
export const largestUpload = 40 * 1024 * 1024;

export interface SftpTarget {
  host: string;
  port: number;
  /** The folder, `/` when none is named. */
  folder: string;
}

/** The server and folder of `sftp://host[:port]/folder`, or null when the address is not one (or holds a user name or password). */
export function sftpTarget(recipient: string): SftpTarget | null {
  let url: URL;
  try {
    url = new URL(recipient);
  } catch {
    return null;
  }
  if (url.protocol !== 'sftp:' || url.hostname === '' || url.username !== '' || url.password !== '' || url.search || url.hash) return null;
  const port = url.port === '' ? 22 : Number(url.port);
  let folder: string;
  try {
    folder = decodeURIComponent(url.pathname || '/');
  } catch {
    return null;
  }
  if (folder.includes('\0')) return null;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, folder: folder === '' ? '/' : folder };
}

/** A host key's fingerprint as `ssh-keygen -l` prints it: `SHA256:<base64 without padding> (TYPE)`. */
export function hostKeyFingerprint(key: Buffer): string {
  const digest = createHash('sha256').update(key).digest('base64').replace(/=+$/, '');
  const length = key.length >= 4 ? key.readUInt32BE(0) : 0;
  const name = key.subarray(4, 4 + Math.min(length, 64)).toString('latin1');
  const type =
    name === 'ssh-ed25519' ? 'ED25519' : name === 'ssh-rsa' ? 'RSA' : name.startsWith('ecdsa-') ? 'ECDSA' : name.toUpperCase() || 'UNKNOWN';
  return `SHA256:${digest} (${type})`;
}

export interface SftpSignIn {
  username: string;
  password?: string;
  privateKey?: string;
}

export interface SftpUpload {
  target: SftpTarget;
  signIn: SftpSignIn;
  /** The fingerprint pinned, or null to pin the one met. */
  pinned: string | null;
  files: { name: string; bytes: Buffer }[];
}

export interface SftpResult {
  ok: boolean;
  /** What happened, in words an administrator reads (never the password). */
  reason: string;
  /** The server's host key met, when the connection got that far. */
  hostKey: string | null;
}

/** A file's name on the server: no folder in it. */
const remoteName = (name: string): string => name.replace(/[/\\\0]/g, '_');

function joinPath(folder: string, name: string): string {
  return `${folder.replace(/\/+$/, '')}/${remoteName(name)}`;
}

/** What a failure of the connection means, in the product's words. */
function reasonOf(error: unknown, host: string): string {
  const code = (error as { code?: string } | null)?.code;
  const level = (error as { level?: string } | null)?.level;
  const message = error instanceof Error ? error.message : String(error);
  if (level === 'client-authentication' || /authentication methods failed/i.test(message)) return `${host} refused the user name, password or key.`;
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return `${host} could not be reached (the connection was refused).`;
  if (code === 'ECONNRESET' || /ECONNRESET/.test(message)) return `${host} could not be reached (the connection was reset).`;
  if (/No such file/i.test(message) || code === 'ENOENT' || code === '2') return `the folder does not exist on ${host}.`;
  if (/Permission denied/i.test(message) || code === '3') return `${host} did not allow the upload (permission denied).`;
  if (/Cannot parse privateKey|Unsupported key format|Encrypted private OpenSSH key/i.test(message))
    return 'the private key saved could not be read.';
  return `${host} could not be reached (the connection failed).`;
}

/** Uploads the files; answers what happened rather than throwing. */
export async function uploadBySftp(outbound: OutboundClient, upload: SftpUpload): Promise<SftpResult> {
  const { target, signIn, pinned } = upload;
  const size = upload.files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (size > largestUpload) return { ok: false, reason: `the files are too large to upload (${Math.ceil(size / 1024 / 1024)} MB).`, hostKey: null };
  if (!signIn.username || (!signIn.password && !signIn.privateKey))
    return { ok: false, reason: 'no user name and password or key is saved for this server.', hostKey: null };
  let address: string;
  try {
    ({ address } = await outbound.connectable(target.host));
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, reason: error.message, hostKey: null };
    throw error;
  }
  let met: string | null = null;
  let changed = false;
  const client = new SftpClient('formsign-post-office');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), sftpTimeoutMs);
  });
  const work = (async (): Promise<void> => {
    await client.connect({
      host: address,
      port: target.port,
      username: signIn.username,
      ...(signIn.password ? { password: signIn.password } : {}),
      ...(signIn.privateKey ? { privateKey: signIn.privateKey } : {}),
      readyTimeout: sftpTimeoutMs,
      // Only what the server is asked for; no agent, no keyboard prompts.
      tryKeyboard: false,
      retries: 0,
      hostVerifier: (key: Buffer) => {
        met = hostKeyFingerprint(key);
        changed = pinned !== null && met !== pinned;
        return !changed;
      },
    });
    for (const file of upload.files) await client.put(file.bytes, joinPath(target.folder, file.name));
  })();
  try {
    const outcome = await Promise.race([work.then(() => 'done' as const), timedOut]);
    if (outcome === 'timeout') {
      work.catch(() => undefined);
      return { ok: false, reason: `${target.host} did not finish within ${sftpTimeoutMs / 1000} seconds.`, hostKey: met };
    }
    return { ok: true, reason: `Uploaded to ${sftpAddress(target)}.`, hostKey: met };
  } catch (error) {
    if (changed)
      return {
        ok: false,
        reason: `the server's host key changed: ${target.host} now shows ${met ?? 'another key'}, not the ${pinned ?? ''} pinned. If the server's key was changed on purpose, forget the pinned key on the integration's page.`,
        hostKey: met,
      };
    return { ok: false, reason: reasonOf(error, target.host), hostKey: met };
  } finally {
    clearTimeout(timer);
    await client.end().catch(() => undefined);
  }
}

/** The address as shown: `sftp://host[:port]/folder`. */
export function sftpAddress(target: SftpTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `sftp://${host}${target.port === 22 ? '' : `:${target.port}`}${target.folder}`;
}
