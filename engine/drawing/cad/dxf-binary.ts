import { unprocessable } from '../errors';
import { BINARY_DXF_SENTINEL } from '../file-format';

type Kind = 'str' | 'f64' | 'i16' | 'i32' | 'i64' | 'bool' | 'bin';

/** Value type of a DXF group code (AutoCAD DXF reference, "Group code value types"). */
export function groupKind(code: number): Kind {
  if (code >= 0 && code <= 9) return 'str';
  if (code >= 10 && code <= 59) return 'f64';
  if (code >= 60 && code <= 79) return 'i16';
  if (code >= 90 && code <= 99) return 'i32';
  if (code >= 100 && code <= 109) return 'str';
  if (code >= 110 && code <= 149) return 'f64';
  if (code >= 160 && code <= 169) return 'i64';
  if (code >= 170 && code <= 179) return 'i16';
  if (code >= 210 && code <= 239) return 'f64';
  if (code >= 270 && code <= 289) return 'i16';
  if (code >= 290 && code <= 299) return 'bool';
  if (code >= 310 && code <= 319) return 'bin';
  if (code >= 300 && code <= 369) return 'str';
  if (code >= 370 && code <= 389) return 'i16';
  if (code >= 390 && code <= 399) return 'str';
  if (code >= 400 && code <= 409) return 'i16';
  if (code >= 410 && code <= 419) return 'str';
  if (code >= 420 && code <= 429) return 'i32';
  if (code >= 430 && code <= 439) return 'str';
  if (code >= 440 && code <= 459) return 'i32';
  if (code >= 460 && code <= 469) return 'f64';
  if (code >= 470 && code <= 481) return 'str';
  if (code === 999) return 'str';
  if (code === 1004) return 'bin';
  if (code >= 1000 && code <= 1009) return 'str';
  if (code >= 1010 && code <= 1059) return 'f64';
  if (code >= 1060 && code <= 1070) return 'i16';
  if (code === 1071) return 'i32';
  return 'str';
}

const bad = () => unprocessable('This binary DXF file is damaged or truncated and could not be read.');

/**
 * Converts a binary DXF (R12 one-byte or R13+ two-byte group codes) into the equivalent ASCII DXF text; stops with
 * `onTooManyRecords()` once it has seen more than `maxRecords` records (group code 0), before building the text.
 */
export function binaryDxfToAscii(
  bytes: Uint8Array,
  maxRecords = Number.POSITIVE_INFINITY,
  onTooManyRecords: () => Error = bad,
): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = BINARY_DXF_SENTINEL.length;
  if (buf.length < pos + 2) throw bad();
  // R13+ writes 0 as two bytes (00 00); R12 as one (00) followed by the string 'SECTION'.
  const wide = buf[pos + 1] === 0;
  const out: string[] = [];
  let sawEof = false;
  let records = 0;
  while (pos < buf.length) {
    let code: number;
    if (wide) {
      if (pos + 2 > buf.length) throw bad();
      code = buf.readUInt16LE(pos);
      pos += 2;
    } else {
      code = buf[pos] ?? 0;
      pos += 1;
      if (code === 255) {
        if (pos + 2 > buf.length) throw bad();
        code = buf.readUInt16LE(pos);
        pos += 2;
      }
    }
    let value: string;
    switch (groupKind(code)) {
      case 'str': {
        const end = buf.indexOf(0, pos);
        if (end < 0) throw bad();
        value = buf.toString('latin1', pos, end).replace(/[\r\n]+/g, ' ');
        pos = end + 1;
        break;
      }
      case 'f64':
        if (pos + 8 > buf.length) throw bad();
        value = String(buf.readDoubleLE(pos));
        pos += 8;
        break;
      case 'i16':
        if (pos + 2 > buf.length) throw bad();
        value = String(buf.readInt16LE(pos));
        pos += 2;
        break;
      case 'i32':
        if (pos + 4 > buf.length) throw bad();
        value = String(buf.readInt32LE(pos));
        pos += 4;
        break;
      case 'i64':
        if (pos + 8 > buf.length) throw bad();
        value = String(buf.readBigInt64LE(pos));
        pos += 8;
        break;
      case 'bool':
        if (pos + 1 > buf.length) throw bad();
        value = String(buf[pos] ?? 0);
        pos += 1;
        break;
      case 'bin': {
        const len = buf[pos] ?? 0;
        if (pos + 1 + len > buf.length) throw bad();
        value = buf.toString('hex', pos + 1, pos + 1 + len).toUpperCase();
        pos += 1 + len;
        break;
      }
    }
    out.push(String(code), value);
    if (code === 0 && ++records > maxRecords) throw onTooManyRecords();
    if (code === 0 && value === 'EOF') {
      sawEof = true;
      break;
    }
  }
  if (!sawEof) throw bad();
  return `${out.join('\n')}\n`;
}
