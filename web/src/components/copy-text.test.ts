import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

afterEach(() => vi.unstubAllGlobals());

/** A document with just what the fallback uses: a textarea to select, and execCommand's answer. */
function fallbackDocument(answer: boolean) {
  const area = { value: '', style: {} as Record<string, string>, setAttribute: vi.fn(), select: vi.fn(), remove: vi.fn() };
  const doc = { createElement: vi.fn(() => area), body: { append: vi.fn() }, execCommand: vi.fn(() => answer) };
  vi.stubGlobal('document', doc);
  return { area, doc };
}

describe('copyText', () => {
  it('writes through the Clipboard API when it can', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { doc } = fallbackDocument(false);
    expect(await copyText('curl https://lisan.example')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('curl https://lisan.example');
    expect(doc.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to selecting a hidden textarea and copying it (older browsers, insecure origins), and says whether that worked', async () => {
    vi.stubGlobal('navigator', {});
    const { area, doc } = fallbackDocument(true);
    expect(await copyText('مرحبا')).toBe(true);
    expect(area.value).toBe('مرحبا');
    expect(doc.execCommand).toHaveBeenCalledWith('copy');
    expect(area.remove).toHaveBeenCalled();

    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    fallbackDocument(false);
    expect(await copyText('x')).toBe(false);
  });
});
