/** Saving what the page measured: JSON, CSV and the chart as PNG. */

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // Revoked later: the download starts asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, type: string): void {
  download(name, new Blob([text], { type }));
}

export async function downloadCanvas(name: string, canvas: HTMLCanvasElement): Promise<void> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the chart could not be turned into a PNG');
  download(name, blob);
}

/** A file-name stamp from an ISO date: 2026-11-23T08-01-02Z. */
export function stamp(isoDate: string): string {
  return isoDate.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}
