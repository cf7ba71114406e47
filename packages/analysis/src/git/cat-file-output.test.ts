import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatFileOutput, type GitObject } from './cat-file-output.js';

const oid = (n: number) => n.toString(16).padStart(40, '0');

/** What `git cat-file --batch` writes for these objects (null: a missing one). */
function serialise(objects: Array<Buffer | null>): Buffer {
  return Buffer.concat(
    objects.flatMap((content, n) =>
      content === null
        ? [Buffer.from(`${oid(n)} missing\n`)]
        : [Buffer.from(`${oid(n)} blob ${content.length}\n`), content, Buffer.from('\n')],
    ),
  );
}

function parse(chunks: Buffer[]) {
  const objects: Array<GitObject | null> = [];
  const errors: string[] = [];
  const output = new CatFileOutput(
    (object) => objects.push(object && { ...object, content: Buffer.from(object.content) }),
    (message) => errors.push(message),
  );
  for (const chunk of chunks) output.push(chunk);
  return { objects, errors };
}

/** The stream cut at the given offsets. */
function cut(stream: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (stream.length + 1)))].sort(
    (a, b) => a - b,
  );
  return [...points, stream.length].map((end, i) => stream.subarray(i ? points[i - 1] : 0, end));
}

// Contents with newlines, digits and spaces inside, so a parser that looks for them in the wrong
// place reads garbage.
const content = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom('', '\n', '\n\n', ' 12\n', 'abc blob 3\nxyz').map((text) => Buffer.from(text)),
);

describe('cat-file --batch output', () => {
  it('gives every object back, in order, however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(content, { freq: 8 }), { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (contents, offsets) => {
          const { objects, errors } = parse(cut(serialise(contents), offsets));
          expect(errors).toEqual([]);
          expect(objects).toEqual(
            contents.map((c, n) =>
              c === null ? null : { oid: oid(n), type: 'blob', size: c.length, content: c },
            ),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads a blob larger than any chunk, cut one byte at a time at its edges', () => {
    const big = Buffer.alloc(200_000, 'x');
    big[0] = 10;
    big[big.length - 1] = 10;
    const stream = serialise([Buffer.from('a'), big, Buffer.from('b')]);
    const chunks = [
      ...[...stream.subarray(0, 60)].map((byte) => Buffer.from([byte])),
      stream.subarray(60, 65_596),
      stream.subarray(65_596),
    ];
    const { objects } = parse(chunks);
    expect(objects.map((object) => object?.content.toString())).toEqual(['a', big.toString(), 'b']);
  });

  it('reads headers other than a blob’s, and sizes of up to 15 digits only', () => {
    const { objects, errors } = parse([
      Buffer.from(`${oid(1)} tree 2\nab\n${oid(2)} blob 000000000000001\nc\n`),
    ]);
    expect(objects).toEqual([
      { oid: oid(1), type: 'tree', size: 2, content: Buffer.from('ab') },
      { oid: oid(2), type: 'blob', size: 1, content: Buffer.from('c') },
    ]);
    expect(errors).toEqual([]);
    expect(parse([Buffer.from(`${oid(3)} blob 0000000000000001\nd\n`)]).errors).toEqual([
      `unexpected cat-file header: ${oid(3)} blob 0000000000000001`,
    ]);
  });

  it('stops at a line that is no header', () => {
    const { objects, errors } = parse([Buffer.from(`${oid(1)} blob 1\na\nfatal: bad thing\n`)]);
    expect(objects).toHaveLength(1);
    expect(errors).toEqual(['unexpected cat-file header: fatal: bad thing']);
  });
});
