import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('file name of a download', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="members-2025-01-31.csv"; filename*=UTF-8''%E6%9C%83%E5%93%A1-2025-01-31.csv`,
      ),
    ).toBe('會員-2025-01-31.csv');
  });

  it('reads a plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="members.xlsx"')).toBe('members.xlsx');
    expect(fileNameFromDisposition('attachment; filename=members.csv')).toBe('members.csv');
  });

  it('gives nothing without a name, and never a folder', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
  });
});
