/**
 * The one way the server sends a request to another system: webhooks, the timestamp authority
 * of the seals, and any integration to come. Other systems are reached only on the public
 * internet:
 * - the address is an http:// or https:// URL without a user name or password in it;
 * - its host is resolved (every address it has) and each address is checked after
 *   resolution: loopback, private networks (RFC 1918, carrier-grade NAT, IPv6 unique local),
 *   link-local (the cloud metadata service at 169.254.169.254 among them), multicast,
 *   unspecified, documentation, benchmarking and reserved addresses are refused, and so are
 *   their IPv4-mapped and IPv4-compatible IPv6 forms. An address in the NAT64 well-known prefix
 *   (64:ff9b::/96) is judged by the IPv4 address it carries; 6to4, Teredo and local-use NAT64
 *   addresses are refused;
 * - the connection goes to the addresses that were checked, never to a second resolution (so
 *   a name cannot point elsewhere between the check and the connection), on a connection of
 *   its own;
 * - a redirect is not followed: it is a failure that says where it pointed;
 * - time is bounded (to connect, and for the whole exchange) and so are the sizes of the
 *   request body and of the answer read.
 * The operator can allow named hosts or networks of an intranet (`FORMSIGN_OUTBOUND_ALLOW`):
 * a listed host name may resolve to any address, and an address inside a listed network is
 * allowed whatever its kind.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, isIPv6, type LookupFunction } from 'node:net';
import { filled, msg, type Words } from '#words';
import { say } from '../i18n/i18n.js';

/** Answers every address a host name resolves to (IPv4 and IPv6). */
export type Resolver = (host: string) => Promise<string[]>;

interface Network {
  /** 4 or 16 bytes. */
  bytes: Uint8Array;
  prefix: number;
}

/** What the operator allows beyond the public internet (`FORMSIGN_OUTBOUND_ALLOW`). */
export interface OutboundAllow {
  /** Host names, lower-case; `*.corp.example` allows every name under corp.example. */
  hosts: string[];
  networks: Network[];
}

export const noOutboundAllow: OutboundAllow = { hosts: [], networks: [] };

/** Why a request was not made or did not succeed; the message is in the product's words (English; `words` in any language). */
export type OutboundFailure = 'refused' | 'unreachable' | 'timeout' | 'redirect' | 'too-large';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    readonly words: Words,
  ) {
    super(say('en', words));
    this.name = 'OutboundError';
  }
}

/** The words of the refusals and failures of a request to another system. */
export const outboundTexts = {
  notWebAddress: msg({ message: 'The address is not a web address (it starts with https://).' }),
  notHttp: msg({ message: 'Only https:// and http:// addresses can be reached.' }),
  notPublic: msg({ message: '{host} is {kind}: formsign sends only to addresses on the public internet.' }),
  leadsToNotPublic: msg({ message: '{host} leads to {address}, which is {kind}: formsign sends only to addresses on the public internet.' }),
  noHost: msg({ message: 'The address names no host.' }),
  notFoundWithin: msg({ message: '{host} could not be found within {time}.' }),
  notFound: msg({ message: '{host} could not be found.' }),
  credentials: msg({ message: 'The address must not hold a user name or password.' }),
  tooLargeToSend: msg({ message: 'What would be sent is too large ({size}; at most {most}).' }),
  hostTimeout: msg({ message: 'The host did not answer within {time}.' }),
  redirect: msg({ message: '{host} answered with a redirect ({status}); redirects are not followed.' }),
  redirectTo: msg({ message: '{host} answered with a redirect ({status} to {location}); redirects are not followed.' }),
  brokeOff: msg({ message: '{host} broke off its answer.' }),
  noAnswer: msg({ message: '{host} did not answer within {time}.' }),
  noConnection: msg({ message: '{host} could not be connected to within {time}.' }),
  unreachable: msg({ message: '{host} could not be reached ({reason}).' }),
  refusedConnection: msg({ message: 'the connection was refused' }),
  resetConnection: msg({ message: 'the connection was reset' }),
  unknownHost: msg({ message: 'it could not be found' }),
  untrusted: msg({ message: 'its certificate could not be trusted' }),
  bodyKind: msg({ message: 'This kind of request body cannot be sent.' }),
  method: msg({ message: 'A {method} request cannot be sent.' }),
  answerTooLong: msg({ message: 'The answer of {host} was longer than it may be; it was not read to its end.' }),
  seconds: msg({ message: '{seconds} seconds' }),
  megabytes: msg({ message: '{size} MB' }),
  kilobytes: msg({ message: '{size} KB' }),
};

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** The whole exchange, from resolving the host to the last byte read (10 s). */
  timeoutMs?: number;
  /** Until the connection is made (5 s). */
  connectTimeoutMs?: number;
  /** The largest body sent (1 MB). */
  maxRequestBytes?: number;
  /** At most this much of the answer is read; the rest is not (64 KB). */
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The answer's body, at most `maxResponseBytes` of it. */
  body: Buffer;
  /** The answer was longer than `maxResponseBytes`: the rest was not read. */
  truncated: boolean;
}

export interface OutboundClient {
  /** Why the address may not be reached, in the product's words, or null when it may. A host that cannot be resolved now is not refused (it is checked again when a request is made). */
  refusal(url: string): Promise<Words | null>;
  /** `refusal` for a host reached by a connection of another kind (an SFTP server). */
  hostRefusal(host: string): Promise<Words | null>;
  /**
   * For a connection of another kind (an SFTP server): the host's address, resolved once and
   * checked as a request's are; connect to this address, never to the name again, so the name
   * cannot lead elsewhere between the check and the connection. Rejects with an `OutboundError`.
   */
  connectable(host: string): Promise<{ host: string; address: string }>;
  /** Sends one request to a checked address; rejects with an `OutboundError` when refused or failed. */
  request(url: string, request?: OutboundRequest): Promise<OutboundResponse>;
  /** The same request in the shape of `fetch`, for libraries that take one (the timestamp authority's client). */
  fetch: typeof fetch;
}

export interface OutboundOptions {
  allow?: OutboundAllow;
  /** How host names are resolved (the system's resolver by default; tests give their own). */
  resolve?: Resolver;
  /** How long resolving a host may take (5 s). */
  resolveTimeoutMs?: number;
}

const defaults = { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxRequestBytes: 1024 * 1024, maxResponseBytes: 64 * 1024, resolveTimeoutMs: 5_000 };

/** The bytes of an IP address (4 for IPv4, 16 for IPv6), or null when the text is not one. */
export function addressBytes(text: string): Uint8Array | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(address);
  if (version === 4) return Uint8Array.from(address.split('.').map(Number));
  if (version !== 6) return null;
  const bytes = new Uint8Array(16);
  let rest = address;
  let tail: number[] = [];
  // An IPv4 address written at the end stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (dotted?.[1]) {
    tail = dotted[1].split('.').map(Number);
    rest = rest.slice(0, -dotted[1].length);
    rest = rest.endsWith('::') ? rest : rest.replace(/:$/, '');
  }
  const [head = '', back] = rest.split('::');
  const groups = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = groups(head);
  const end = [...groups(back ?? ''), ...(tail.length ? [(tail[0] ?? 0) * 256 + (tail[1] ?? 0), (tail[2] ?? 0) * 256 + (tail[3] ?? 0)] : [])];
  const all = back === undefined ? [...front, ...end] : [...front, ...new Array<number>(8 - front.length - end.length).fill(0), ...end];
  all.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

function network(text: string): Network {
  const [address = '', prefix] = text.split('/');
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`not an address: ${text}`);
  return { bytes, prefix: prefix === undefined ? bytes.length * 8 : Number(prefix) };
}

function inNetwork(bytes: Uint8Array, net: Network): boolean {
  if (bytes.length !== net.bytes.length) return false;
  for (let bit = 0; bit < net.prefix; bit += 8) {
    const mask = net.prefix - bit >= 8 ? 0xff : (0xff << (8 - (net.prefix - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((net.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const kinds = {
  loopback: msg({ message: 'this server itself (a loopback address)' }),
  private: msg({ message: 'a private network address' }),
  linkLocal: msg({ message: 'a link-local address (such as a cloud metadata service)' }),
  multicast: msg({ message: 'a multicast address' }),
  unspecified: msg({ message: 'an unspecified address' }),
  reserved: msg({ message: 'a reserved address, not on the public internet' }),
};

/** IPv4's addresses that are not on the public internet (IANA's special-purpose registry). */
const ipv4Ranges: [string, Words][] = [
  ['0.0.0.0/8', kinds.unspecified],
  ['10.0.0.0/8', kinds.private],
  ['100.64.0.0/10', kinds.private],
  ['127.0.0.0/8', kinds.loopback],
  ['169.254.0.0/16', kinds.linkLocal],
  ['172.16.0.0/12', kinds.private],
  ['192.0.0.0/24', kinds.reserved],
  ['192.0.2.0/24', kinds.reserved],
  ['192.88.99.0/24', kinds.reserved],
  ['192.168.0.0/16', kinds.private],
  ['198.18.0.0/15', kinds.reserved],
  ['198.51.100.0/24', kinds.reserved],
  ['203.0.113.0/24', kinds.reserved],
  ['224.0.0.0/4', kinds.multicast],
  ['240.0.0.0/4', kinds.reserved],
];

/** IPv6's, in order: the first that holds an address decides. */
const ipv6Ranges: [string, Words][] = [
  ['::/128', kinds.unspecified],
  ['::1/128', kinds.loopback],
  ['::/96', kinds.reserved],
  ['64:ff9b:1::/48', kinds.private],
  ['100::/64', kinds.reserved],
  ['2001::/23', kinds.reserved],
  ['2001:db8::/32', kinds.reserved],
  ['2002::/16', kinds.reserved],
  ['3fff::/20', kinds.reserved],
  ['fc00::/7', kinds.private],
  ['fe80::/10', kinds.linkLocal],
  ['fec0::/10', kinds.private],
  ['ff00::/8', kinds.multicast],
];

const ipv4Networks = ipv4Ranges.map(([range, kind]) => ({ net: network(range), kind }));
const ipv6Networks = ipv6Ranges.map(([range, kind]) => ({ net: network(range), kind }));
const ipv4Mapped = network('::ffff:0:0/96');
const nat64 = network('64:ff9b::/96');
const globalUnicast = network('2000::/3');

/** The IPv4 address an IPv4-mapped or NAT64 IPv6 address carries, or the address itself. */
function effective(bytes: Uint8Array): Uint8Array {
  return bytes.length === 16 && (inNetwork(bytes, ipv4Mapped) || inNetwork(bytes, nat64)) ? bytes.slice(12) : bytes;
}

/** What kind of address this is when it is not on the public internet, in words; null when it is. */
export function addressKind(address: string): Words | null {
  const raw = addressBytes(address);
  if (!raw) return kinds.reserved;
  const bytes = effective(raw);
  if (bytes.length === 4) return ipv4Networks.find((range) => inNetwork(bytes, range.net))?.kind ?? null;
  const found = ipv6Networks.find((range) => inNetwork(bytes, range.net));
  if (found) return found.kind;
  return inNetwork(bytes, globalUnicast) ? null : kinds.reserved;
}

/** The host as resolvers and the allow list take it: lower-case, no brackets, no final dot. */
function plainHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/**
 * `FORMSIGN_OUTBOUND_ALLOW`: comma-separated host names (`hooks.intranet.example`, or
 * `*.intranet.example` for every name under it) and addresses or networks (`10.20.0.0/16`,
 * `192.168.1.5`, `fd00:1::/48`).
 */
export function parseOutboundAllow(text: string | undefined): OutboundAllow {
  const allow: OutboundAllow = { hosts: [], networks: [] };
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const bytes = addressBytes(address);
    if (bytes) {
      const bits = prefix === undefined ? bytes.length * 8 : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (bits < 0 || bits > bytes.length * 8)
        throw new Error(`FORMSIGN_OUTBOUND_ALLOW: "${entry}" has a prefix length that does not fit its address.`);
      allow.networks.push({ bytes, prefix: bits });
      continue;
    }
    if (!/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      throw new Error(
        `FORMSIGN_OUTBOUND_ALLOW lists host names and addresses (with an optional /prefix), separated by commas; "${entry}" is neither.`,
      );
    }
    allow.hosts.push(plainHost(entry));
  }
  return allow;
}

function hostAllowed(allow: OutboundAllow, host: string): boolean {
  return allow.hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

function addressAllowed(allow: OutboundAllow, address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  return allow.networks.some((net) => inNetwork(bytes, net) || inNetwork(effective(bytes), net));
}

/** Whether the operator allows this host (by name, or as an address inside an allowed network) beside the public internet. */
export function operatorAllows(allow: OutboundAllow, hostname: string): boolean {
  const host = plainHost(hostname);
  return hostAllowed(allow, host) || addressAllowed(allow, host);
}

/**
 * Why an address written as a URL with a literal IP may not be reached (the words of a
 * refusal), or null: what can be told without resolving a name, as when the server starts.
 */
export function literalRefusal(text: string, allow: OutboundAllow): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return say('en', outboundTexts.notWebAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return say('en', outboundTexts.notHttp);
  const host = plainHost(url.hostname);
  if (isIP(host) === 0 || addressAllowed(allow, host)) return null;
  const kind = addressKind(host);
  return kind ? say('en', outboundTexts.notPublic, { host, kind }) : null;
}

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

interface Destination {
  url: URL;
  host: string;
  addresses: string[];
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number): Words => filled(outboundTexts.seconds, { seconds: ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1) });
const size = (bytes: number): Words =>
  bytes >= 1024 * 1024
    ? filled(outboundTexts.megabytes, { size: Math.round((bytes / 1024 / 1024) * 10) / 10 })
    : filled(outboundTexts.kilobytes, { size: Math.ceil(bytes / 1024) });

export function outboundClient(options: OutboundOptions = {}): OutboundClient {
  const allow = options.allow ?? noOutboundAllow;
  const resolve = options.resolve ?? systemResolver;
  const resolveTimeoutMs = options.resolveTimeoutMs ?? defaults.resolveTimeoutMs;

  /** The host's addresses, each checked (resolved once, with a time limit), or an `OutboundError` saying why not. */
  async function checkedHost(hostname: string): Promise<{ host: string; addresses: string[] }> {
    const host = plainHost(hostname);
    if (host === '') throw new OutboundError('refused', outboundTexts.noHost);
    const literal = isIP(host) !== 0;
    let addresses: string[];
    if (literal) {
      addresses = [host];
    } else {
      try {
        addresses = await withTimeout(
          resolve(host),
          resolveTimeoutMs,
          () => new OutboundError('unreachable', filled(outboundTexts.notFoundWithin, { host, time: seconds(resolveTimeoutMs) })),
        );
      } catch (error) {
        throw error instanceof OutboundError ? error : new OutboundError('unreachable', filled(outboundTexts.notFound, { host }));
      }
      if (addresses.length === 0) throw new OutboundError('unreachable', filled(outboundTexts.notFound, { host }));
    }
    if (!hostAllowed(allow, host)) {
      for (const address of addresses) {
        if (addressAllowed(allow, address)) continue;
        const kind = addressKind(address);
        if (kind)
          throw new OutboundError(
            'refused',
            literal ? filled(outboundTexts.notPublic, { host: address, kind }) : filled(outboundTexts.leadsToNotPublic, { host, address, kind }),
          );
      }
    }
    return { host, addresses };
  }

  /** The URL and the addresses a request may go to, or an `OutboundError` saying why not. */
  async function destination(text: string): Promise<Destination> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new OutboundError('refused', outboundTexts.notWebAddress);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('refused', outboundTexts.notHttp);
    if (url.username || url.password) throw new OutboundError('refused', outboundTexts.credentials);
    const { host, addresses } = await checkedHost(url.hostname);
    return { url, host, addresses };
  }

  async function connectable(hostname: string): Promise<{ host: string; address: string }> {
    const { host, addresses } = await checkedHost(hostname);
    const address = addresses[0];
    if (!address) throw new OutboundError('unreachable', filled(outboundTexts.notFound, { host }));
    return { host, address };
  }

  async function hostRefusal(hostname: string): Promise<Words | null> {
    try {
      await checkedHost(hostname);
      return null;
    } catch (error) {
      if (error instanceof OutboundError && error.failure === 'refused') return error.words;
      return null;
    }
  }

  async function refusal(text: string): Promise<Words | null> {
    try {
      await destination(text);
      return null;
    } catch (error) {
      if (error instanceof OutboundError && error.failure === 'refused') return error.words;
      return null;
    }
  }

  async function send(text: string, request: OutboundRequest = {}): Promise<OutboundResponse> {
    const timeoutMs = request.timeoutMs ?? defaults.timeoutMs;
    const connectTimeoutMs = Math.min(request.connectTimeoutMs ?? defaults.connectTimeoutMs, timeoutMs);
    const maxRequestBytes = request.maxRequestBytes ?? defaults.maxRequestBytes;
    const maxResponseBytes = request.maxResponseBytes ?? defaults.maxResponseBytes;
    const body =
      request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? Buffer.from(request.body, 'utf8')
          : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    if (body && body.length > maxRequestBytes)
      throw new OutboundError('too-large', filled(outboundTexts.tooLargeToSend, { size: size(body.length), most: size(maxRequestBytes) }));
    const started = Date.now();
    const target = await withTimeout(
      destination(text),
      timeoutMs,
      () => new OutboundError('timeout', filled(outboundTexts.hostTimeout, { time: seconds(timeoutMs) })),
    );
    const { url, host, addresses } = target;
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : (lookupOptions.family ?? 0);
      const wanted = addresses
        .map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }))
        .filter((entry) => family === 0 || entry.family === family);
      const first = wanted[0];
      if (!first) callback(Object.assign(new Error(`${host} has no address of that family.`), { code: 'ENOTFOUND' }), '', 4);
      else if (lookupOptions.all) callback(null, wanted);
      else callback(null, first.address, first.family);
    };
    const remaining = Math.max(1, timeoutMs - (Date.now() - started));
    return new Promise<OutboundResponse>((resolvePromise, reject) => {
      let settled = false;
      const finish = (error: OutboundError | null, response?: OutboundResponse): void => {
        if (settled) return;
        settled = true;
        clearTimeout(total);
        clearTimeout(connecting);
        if (error) {
          outgoing.destroy();
          reject(error);
        } else if (response) {
          resolvePromise(response);
        }
      };
      const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: request.method ?? (body ? 'POST' : 'GET'),
          headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          // Literal addresses are never looked up; names are looked up once, above, and the connection goes there.
          lookup: pinned,
          // A connection of its own: no socket of an earlier request is reused.
          agent: false,
          ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
        },
        (response: IncomingMessage) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            const location = String(response.headers.location ?? '').slice(0, 200);
            response.destroy();
            finish(new OutboundError('redirect', filled(location ? outboundTexts.redirectTo : outboundTexts.redirect, { host, status, location })));
            return;
          }
          const chunks: Buffer[] = [];
          let read = 0;
          let truncated = false;
          response.on('data', (chunk: Buffer) => {
            if (truncated) return;
            const room = maxResponseBytes - read;
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room));
              read += room;
              truncated = true;
              // The rest of the answer is not read: the connection is closed.
              response.destroy();
              finish(null, { status, statusText: response.statusMessage ?? '', headers: response.headers, body: Buffer.concat(chunks), truncated });
              return;
            }
            chunks.push(chunk);
            read += chunk.length;
          });
          response.on('end', () =>
            finish(null, { status, statusText: response.statusMessage ?? '', headers: response.headers, body: Buffer.concat(chunks), truncated }),
          );
          response.on('error', () => {
            if (!truncated) finish(new OutboundError('unreachable', filled(outboundTexts.brokeOff, { host })));
          });
        },
      );
      const total = setTimeout(
        () => finish(new OutboundError('timeout', filled(outboundTexts.noAnswer, { host, time: seconds(timeoutMs) }))),
        remaining,
      );
      const connecting = setTimeout(
        () => finish(new OutboundError('timeout', filled(outboundTexts.noConnection, { host, time: seconds(connectTimeoutMs) }))),
        connectTimeoutMs,
      );
      outgoing.on('socket', (socket) => {
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connecting));
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const reason =
          error.code === 'ECONNREFUSED'
            ? outboundTexts.refusedConnection
            : error.code === 'ECONNRESET'
              ? outboundTexts.resetConnection
              : error.code === 'ENOTFOUND'
                ? outboundTexts.unknownHost
                : error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')
                  ? outboundTexts.untrusted
                  : error.message;
        finish(new OutboundError('unreachable', filled(outboundTexts.unreachable, { host, reason })));
      });
      outgoing.end(body);
    });
  }

  const guardedFetch = (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : init.body instanceof Uint8Array
            ? init.body
            : init.body instanceof ArrayBuffer
              ? new Uint8Array(init.body)
              : undefined;
    if (init.body !== undefined && init.body !== null && body === undefined) throw new OutboundError('refused', outboundTexts.bodyKind);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT') throw new OutboundError('refused', filled(outboundTexts.method, { method }));
    const answer = await send(url, { method, headers, ...(body === undefined ? {} : { body }) });
    if (answer.truncated) throw new OutboundError('too-large', filled(outboundTexts.answerTooLong, { host: new URL(url).hostname }));
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
    }
    const empty = answer.status === 204 || answer.status === 304 || answer.status < 200;
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status < 200 ? 502 : answer.status,
      statusText: answer.statusText,
      headers: responseHeaders,
    });
  }) as typeof fetch;

  return { refusal, hostRefusal, connectable, request: send, fetch: guardedFetch };
}
