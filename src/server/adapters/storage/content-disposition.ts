/**
 * `Content-Disposition: attachment` with a file name a browser cannot misread: an ASCII fallback
 * (accents dropped; quotes, slashes, separators and control characters replaced), and the real
 * name in RFC 5987 form for browsers that read it.
 */
export function attachmentDisposition(filename: string): string {
  const name = filename.trim() || 'download';
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\/;:*?<>|%]/g, '_')
    .slice(0, 150);
  const encoded = encodeURIComponent(name.slice(0, 150)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
