/** Hands text to the browser as a file download (a Blob behind an object URL). */
export function saveTextFile(text: string | Blob, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How many records a CSV text holds: its lines after the header. */
export function csvRecordCount(text: string): number {
  return Math.max(0, text.split(/\r?\n/).filter((line) => line.trim().length > 0).length - 1);
}
