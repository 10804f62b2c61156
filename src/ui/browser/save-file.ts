/**
 * Hands a downloaded file (an invoice, a picking list) to the browser's download under its name.
 * The PDFs come from authenticated calls, so a plain link cannot fetch them.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after click() returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
