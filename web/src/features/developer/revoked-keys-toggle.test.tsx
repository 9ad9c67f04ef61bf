import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { RevokedKeysToggle } from './revoked-keys-toggle';

const toggle = (language: 'en' | 'ar', count: number, open: boolean) =>
  renderMarkup(language, 'developer', <RevokedKeysToggle count={count} open={open} controls="revoked-keys" onToggle={() => {}} />);

describe('the control of the revoked keys', () => {
  it('is a disclosure button that says whether the keys show and which list it shows', async () => {
    const closed = await toggle('en', 3, false);
    expect(closed).toMatch(/^<button type="button"[^>]* aria-expanded="false" aria-controls="revoked-keys"[^>]*>Show 3 revoked keys<\/button>$/);
    expect(await toggle('en', 3, true)).toMatch(/aria-expanded="true"[^>]*>Hide 3 revoked keys<\/button>$/);
    expect(await toggle('en', 1, false)).toMatch(/>Show 1 revoked key<\/button>$/);
  });

  it('counts them in Arabic with the plural form of each number', async () => {
    const text = async (count: number, open = false) => (await toggle('ar', count, open)).replace(/^<button[^>]*>|<\/button>$/g, '');
    expect(await text(1)).toBe('عرض المفتاح المُبطَل');
    expect(await text(2)).toBe('عرض المفتاحين المُبطَلين');
    expect(await text(3)).toBe('عرض 3 مفاتيح مُبطَلة');
    expect(await text(11)).toBe('عرض 11 مفتاحًا مُبطَلًا');
    expect(await text(100)).toBe('عرض 100 مفتاح مُبطَل');
    expect(await text(3, true)).toBe('إخفاء 3 مفاتيح مُبطَلة');
  });
});
