import { describe, expect, it } from 'vitest';
import { curlExamples } from './developers.fns';

describe('Developers page examples', () => {
  it('address every call to the given server, with the key where each API expects it', () => {
    const examples = curlExamples('https://lisan.example');
    for (const code of Object.values(examples.deepl)) {
      expect(code).toContain("'https://lisan.example/v2/");
      expect(code).toContain('DeepL-Auth-Key YOUR_API_KEY');
    }
    for (const code of Object.values(examples.libre)) {
      expect(code).toMatch(/'https:\/\/lisan\.example\/(translate|detect|translate_file)'/);
      expect(code).toMatch(/api_key.{0,4}YOUR_API_KEY/);
    }
  });

  it('holds only commands, the document example all three of DeepL\'s calls (upload, status, result)', () => {
    const examples = curlExamples('https://lisan.example');
    for (const code of [...Object.values(examples.deepl), ...Object.values(examples.libre)]) {
      // No comment lines: what needs saying is the page's text, in the reader's language.
      expect(code.split('\n').filter((line) => line.trim().startsWith('#'))).toEqual([]);
      for (const command of code.split('\n\n')) expect(command).toMatch(/^curl /);
    }
    const calls = examples.deepl.document.split('\n\n').map((command) => command.match(/'https:\/\/lisan\.example(\S+)'/)?.[1]);
    expect(calls).toEqual(['/v2/document', '/v2/document/DOCUMENT_ID', '/v2/document/DOCUMENT_ID/result']);
  });
});
