import { RECEIPT_MAX_BYTES } from '@gym/contract/expenditures';
import { describe, expect, it } from 'vitest';
import { receiptProblem } from './expenditureForm';

describe('a picked receipt', () => {
  it('is a PDF or an image by name or type, at most 10 MB', () => {
    expect(receiptProblem({ name: 'a.PDF', size: 10, type: '' })).toBeNull();
    expect(receiptProblem({ name: 'photo', size: 10, type: 'image/webp' })).toBeNull();
    expect(receiptProblem({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' })).toBe('receipt_type');
    expect(receiptProblem({ name: 'big.jpg', size: RECEIPT_MAX_BYTES + 1, type: 'image/jpeg' })).toBe('file_too_large');
    expect(receiptProblem({ name: 'edge.png', size: RECEIPT_MAX_BYTES, type: 'image/png' })).toBeNull();
  });
});
