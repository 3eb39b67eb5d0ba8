import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export type ZipPart = { path: string; bytes: number; sha256: string };

export type ZipWriter = {
  /** Pipe it somewhere before awaiting `addStream`. */
  output: Readable;
  addBuffer: (path: string, content: Buffer | string) => ZipPart;
  addStream: (path: string, content: Readable) => Promise<ZipPart>;
  addJson: (path: string, value: unknown) => ZipPart;
  end: () => void;
  fail: (error: Error) => void;
};

/** Sizes and SHA-256 taken on the way, so a manifest added last can list them. */
export function createZipWriter(mtime: Date): ZipWriter {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const addBuffer = (path: string, content: Buffer | string): ZipPart => {
    const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    zip.addBuffer(buffer, path, { mtime });
    return { path, bytes: buffer.length, sha256: sha256Of(buffer) };
  };
  return {
    output,
    addBuffer,
    addJson: (path, value) => addBuffer(path, `${JSON.stringify(value, null, 2)}\n`),
    addStream: (path, content) =>
      new Promise<ZipPart>((resolve, reject) => {
        const hash = createHash('sha256');
        let bytes = 0;
        // Hashed as the zip pulls the bytes through (a 'data' listener would drain them first).
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            bytes += chunk.length;
            done(null, chunk);
          },
          flush(done) {
            resolve({ path, bytes, sha256: hash.digest('hex') });
            done();
          },
        });
        content.on('error', (error) => {
          counted.destroy(error);
          reject(error);
        });
        zip.addReadStream(content.pipe(counted), path, { mtime });
      }),
    end: () => zip.end(),
    fail: (error) => output.destroy(error),
  };
}

export function sha256Of(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}
