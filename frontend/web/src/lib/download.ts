//! Saving data the page already holds as a file, through a Blob and a temporary `<a download>`.

/** `YYYY-MM-DD` of the local calendar day, for file names. */
export function localDateStamp(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Offers `data` as a pretty-printed JSON file named `fileName`. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released a little later: some browsers read the Blob after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
