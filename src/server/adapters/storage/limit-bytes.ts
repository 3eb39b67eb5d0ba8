/**
 * The bytes of `source`, failing with `tooLarge()` as soon as more than `maxBytes` have passed:
 * a limit enforced while the file streams in, not after it is stored. A generator, so nothing is
 * read before the storage starts consuming (an eager pipe would fail before anyone listens).
 */
export async function* limitBytes(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > maxBytes) throw tooLarge();
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}
