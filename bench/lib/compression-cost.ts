import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CompressionRow {
  setting: string;
  /** CPU microseconds per answer, and as a multiple of serialising the same answer. */
  micros: number;
  ratioToSerialise: number;
  /** Compressed size as a share of the JSON. */
  sizeShare: number;
}

/** Median CPU time of `run`, in microseconds, over enough repetitions to be readable. */
function medianMicros(run: () => unknown): number {
  run();
  const samples: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const start = process.cpuUsage();
    const reps = 20;
    for (let i = 0; i < reps; i += 1) run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / reps);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

/**
 * What compressing one API answer costs per request, against the baseline every answer pays
 * anyway: JSON.stringify of the same data (Fastify's serialiser does at least that). Both measured
 * here, in the same process, so the ratio survives a busy machine.
 */
export function compressionCost(json: string): CompressionRow[] {
  const data: unknown = JSON.parse(json);
  const buffer = Buffer.from(json);
  const baseline = medianMicros(() => JSON.stringify(data));
  const settings: Array<[string, () => Buffer]> = [
    ['JSON.stringify (baseline)', () => Buffer.from(JSON.stringify(data))],
    ['brotli quality 1', () => brotli(buffer, 1)],
    ['brotli quality 4', () => brotli(buffer, 4)],
    ['gzip level 1', () => gzipSync(buffer, { level: 1 })],
    ['gzip level 6', () => gzipSync(buffer, { level: 6 })],
  ];
  return settings.map(([setting, run]) => {
    const micros = setting.startsWith('JSON') ? baseline : medianMicros(run);
    return {
      setting,
      micros,
      ratioToSerialise: micros / baseline,
      sizeShare: run().length / buffer.length,
    };
  });
}

function brotli(buffer: Buffer, quality: number): Buffer {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });
}
