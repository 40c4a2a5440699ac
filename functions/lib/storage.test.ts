import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadName } from './storage';

describe('downloadName', () => {
  it('drops directory parts and control characters and keeps the extension', () => {
    expect(downloadName('../../etc/passwd.dxf')).toBe('passwd.dxf');
    expect(downloadName('C:\\Users\\me\\Ground floor.pdf')).toBe('Ground floor.pdf');
    expect(downloadName('plan\r\n\u0000\u0007.png')).toBe('plan.png');
    expect(downloadName('a<b>:c"d|e?f*.jpg')).toBe('abcdef.jpg');
    expect(downloadName('invoice\u202Egnp.exe.png')).toBe('invoicegnp.exe.png');
    expect(downloadName('Riverside House - Lighting & materials.png')).toBe(
      'Riverside House - Lighting & materials.png',
    );
  });

  it('never answers an empty, hidden or over-long name', () => {
    expect(downloadName('../')).toBe('download');
    expect(downloadName('...')).toBe('download');
    expect(downloadName('.png')).toBe('download.png');
    expect(downloadName('..hidden.txt')).toBe('hidden.txt');
    expect(downloadName('\u0001\u0002.dwg')).toBe('download.dwg');
    const long = downloadName(`${'x'.repeat(400)}.ifc`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.ifc')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('is an RFC 6266 attachment with an ASCII fallback and the UTF-8 name, without path pieces', () => {
    expect(attachmentDisposition('../../etc/Grundriß (1).pdf')).toBe(
      `attachment; filename="Grundri_ (1).pdf"; filename*=UTF-8''Grundri%C3%9F%20%281%29.pdf`,
    );
  });
});
