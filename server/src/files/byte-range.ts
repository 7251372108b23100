/**
 * What part of a file a request asks for (RFC 9110, 14): one range of bytes in `Range`
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`), honoured only while `If-Range` (when sent) names the
 * file's current entity tag. Several ranges are answered with the whole file, as RFC 9110
 * allows, and so are a header this server does not read (another unit, a malformed one) and
 * an `If-Range` of a date or of another version: a client then gets the file as it is now.
 */

/** The whole file; bytes `start` to `end` (both included); or a range that starts past its end. */
export type ByteRangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const whole = { kind: 'whole' } as const;

/** How a file of `size` bytes whose version is `etag` answers `Range` and `If-Range`. */
export function byteRange(size: number, etag: string, range: string | undefined, ifRange: string | undefined): ByteRangeAnswer {
  if (range === undefined) return whole;
  // A strong comparison: a weak tag or a date (this server sends no Last-Modified) never matches.
  if (ifRange !== undefined && (ifRange.trim() !== etag || etag.startsWith('W/'))) return whole;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(range);
  if (!match?.[1]) return whole;
  const specs = match[1].split(',').filter((spec) => spec.trim() !== '');
  if (specs.length !== 1) return whole;
  const spec = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0] ?? '');
  if (!spec) return whole;
  const [, first = '', last = ''] = spec;
  if (first === '' && last === '') return whole;
  if (first === '') {
    // The last n bytes: none of an empty file, and never a length of nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return whole;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
