/** A file's type for people: `application/pdf` → `PDF`, `image/jpeg` → `JPEG image`, in the language shown. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

const known: Record<string, MessageDescriptor> = {
  'application/pdf': msg`PDF`,
  'image/jpeg': msg`JPEG image`,
  'image/png': msg`PNG image`,
  'image/gif': msg`GIF image`,
  'image/webp': msg`WebP image`,
  'image/heic': msg`HEIC image`,
  'text/plain': msg`Text`,
  'text/csv': msg`CSV`,
  'application/msword': msg`Word document`,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': msg`Word document`,
  'application/vnd.ms-excel': msg`Excel workbook`,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': msg`Excel workbook`,
  'application/zip': msg`ZIP archive`,
};

export function fileType(mime: string): string {
  const type = known[mime.toLowerCase()];
  if (type) return i18n._(type);
  const [kind, subtype] = mime.split('/');
  const format = subtype?.toUpperCase();
  if (kind === 'image' && format) return t`${format} image`;
  return format || mime || t`File`;
}
