/** A small synchronous PNG decoder for 8-bit, non-interlaced images (what the normaliser writes), to luminance. */
import { inflateSync } from 'node:zlib';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function decodePngLuminance(png: Buffer): { width: number; height: number; data: Uint8Array } {
  if (png.length < 33 || png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (pos + 8 <= png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const body = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      channels = CHANNELS[body[9] ?? 99] ?? 0;
      if (depth !== 8 || !channels || body[12] !== 0) throw new Error('unsupported PNG layout');
      if (width * height > 64_000_000) throw new Error('PNG too large');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (width * channels + 1) * height + 1 });
  const stride = width * channels;
  const prev = new Uint8Array(stride);
  const cur = new Uint8Array(stride);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)] ?? 0;
    const row = y * (stride + 1) + 1;
    for (let i = 0; i < stride; i++) {
      const x = raw[row + i] ?? 0;
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let v: number;
      switch (f) {
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          v = x;
      }
      cur[i] = v & 255;
    }
    for (let xpx = 0; xpx < width; xpx++) {
      const o = xpx * channels;
      out[y * width + xpx] =
        channels >= 3 ? Math.round(0.299 * cur[o]! + 0.587 * cur[o + 1]! + 0.114 * cur[o + 2]!) : cur[o]!;
    }
    prev.set(cur);
  }
  return { width, height, data: out };
}
