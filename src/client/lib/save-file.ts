/**
 * Saves a downloaded file under `fileName`. The browser holds it as a Blob only for the moment
 * of the save.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has started the save; revoking at once cancels it in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** The file name a `Content-Disposition: attachment` header gives, else `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name below still serves.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}
