/** A file's type for people: `application/pdf` → `PDF`, `image/jpeg` → `JPEG image`. */
const known: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC image',
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/zip': 'ZIP archive',
};

export function fileType(mime: string): string {
  const type = known[mime.toLowerCase()];
  if (type) return type;
  const [kind, subtype] = mime.split('/');
  if (kind === 'image' && subtype) return `${subtype.toUpperCase()} image`;
  return subtype ? subtype.toUpperCase() : mime || 'File';
}
