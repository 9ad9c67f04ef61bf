import { describe, expect, it } from 'vitest';
import { entryName, internalPath, localized, postSectionOf } from './content.fns';

describe('content helpers', () => {
  it('picks the field of the active language', () => {
    const entry = { title_en: 'About', title_ar: 'عن لسان' };
    expect(localized(entry, 'title', 'en')).toBe('About');
    expect(localized(entry, 'title', 'ar')).toBe('عن لسان');
    expect(localized(entry, 'summary', 'ar')).toBe('');
  });

  it("names an entry by its title in the page's language, else in the other, else by its slug", () => {
    const both = { slug: 'about', title_en: 'About', title_ar: 'عن لسان' };
    expect(entryName(both, 'en')).toBe('About');
    expect(entryName(both, 'ar')).toBe('عن لسان');
    expect(entryName({ ...both, title_ar: '  ' }, 'ar')).toBe('About');
    expect(entryName({ ...both, title_en: '' }, 'en')).toBe('عن لسان');
    expect(entryName({ slug: 'about', title_en: '', title_ar: '' }, 'ar')).toBe('about');
  });

  it('routes only same-site app links', () => {
    const origin = 'https://lisan.example';
    expect(internalPath('/contact', origin)).toBe('/contact');
    expect(internalPath('https://lisan.example/faqs?x=1#a', origin)).toBe('/faqs?x=1#a');
    expect(internalPath('https://other.example/x', origin)).toBeNull();
    expect(internalPath('//other.example/x', origin)).toBeNull();
    expect(internalPath('mailto:hi@lisan.example', origin)).toBeNull();
    expect(internalPath('#top', origin)).toBeNull();
    expect(internalPath('/api/user', origin)).toBeNull();
  });
});

describe('postSectionOf', () => {
  it('names the post section a site link leads to', () => {
    expect(postSectionOf('/blog')).toBe('blog');
    expect(postSectionOf('/blog/webinar?x=1')).toBe('blog');
    expect(postSectionOf('/case-studies')).toBe('case-studies');
    expect(postSectionOf('/blogger')).toBeNull();
    expect(postSectionOf('https://example.com/blog')).toBeNull();
    expect(postSectionOf(null)).toBeNull();
  });
});
