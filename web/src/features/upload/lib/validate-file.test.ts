import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileErrors, partitionFiles } from './validate-file';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('fileErrors', () => {
  it.each(['plan.jpg', 'plan.JPEG', 'plan.png', 'plan.pdf', 'plan.dwg', 'plan.DXF'])('accepts %s', (name) => {
    expect(fileErrors(file(name, 10))).toEqual([]);
  });

  it('rejects other types', () => {
    expect(fileErrors(file('notes.txt', 10))).toEqual([
      { code: 'file-invalid-type', message: 'File type must be one of .jpg, .jpeg, .png, .pdf, .dwg, .dxf' },
    ]);
    expect(fileErrors(file('png', 10))[0]?.code).toBe('file-invalid-type');
  });

  it('rejects files over 100 MB, and empty files', () => {
    expect(fileErrors(file('big.pdf', 100 * MB))).toEqual([]);
    expect(fileErrors(file('big.pdf', 100 * MB + 1))).toEqual([
      { code: 'file-too-large', message: 'File is larger than 100 MB' },
    ]);
    expect(fileErrors(file('empty.png', 0))).toEqual([{ code: 'file-too-small', message: 'File is empty' }]);
  });

  it('names every reason', () => {
    expect(fileErrors(file('huge.zip', 200 * MB)).map((e) => e.code)).toEqual([
      'file-invalid-type',
      'file-too-large',
    ]);
  });
});

describe('partitionFiles', () => {
  it('splits accepted from rejected files', () => {
    const ok = new File(['x'], 'plan.png');
    const bad = new File(['x'], 'notes.txt');
    const { accepted, rejected } = partitionFiles([ok, bad]);
    expect(accepted).toEqual([ok]);
    expect(rejected).toEqual([
      { file: bad, errors: [expect.objectContaining({ code: 'file-invalid-type' })] },
    ]);
  });
});

describe('contentTypeOf', () => {
  it("uses the browser's type, else one from the extension", () => {
    expect(contentTypeOf(file('a.png', 1, 'image/png'))).toBe('image/png');
    expect(contentTypeOf(file('a.dxf', 1))).toBe('image/vnd.dxf');
    expect(contentTypeOf(file('a.dwg', 1))).toBe('image/vnd.dwg');
    expect(contentTypeOf(file('a.bin', 1))).toBe('application/octet-stream');
    // A type that does not fit the extension is not sent: the extension's usual one is.
    expect(contentTypeOf(file('a.png', 1, 'text/html'))).toBe('image/png');
    expect(contentTypeOf(file('a.dwg', 1, 'application/x-zip-compressed'))).toBe('image/vnd.dwg');
  });
});
