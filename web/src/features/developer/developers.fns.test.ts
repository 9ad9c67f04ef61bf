import { describe, expect, it } from 'vitest';
import { curlExamples } from './developers.fns';

describe('Developers page examples', () => {
  it('address every call to the given server, with the key where each API expects it', () => {
    const examples = curlExamples('https://lisan.example', { documentNext: 'Then …' });
    for (const code of Object.values(examples.deepl)) {
      expect(code).toContain("'https://lisan.example/v2/");
      expect(code).toContain('DeepL-Auth-Key YOUR_API_KEY');
    }
    for (const code of Object.values(examples.libre)) {
      expect(code).toMatch(/'https:\/\/lisan\.example\/(translate|detect|translate_file)'/);
      expect(code).toMatch(/api_key.{0,4}YOUR_API_KEY/);
    }
  });

  it('writes the comment lines in the reader\'s language', () => {
    const examples = curlExamples('https://lisan.example', { documentNext: 'ثم تابِع حالته' });
    expect(examples.deepl.document.split('\n').at(-1)).toBe('# ثم تابِع حالته');
    expect(Object.values(examples.deepl).join('\n')).not.toMatch(/# then/i);
  });
});
