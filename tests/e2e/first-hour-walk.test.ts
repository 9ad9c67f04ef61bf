// A new user's first hour walked on a phone in Arabic and on a desktop in English (the twenty-sixth session's walk):
// what the walk found wrong, held here. A refused sign-up marks every refused field, and a field's message goes once
// the person corrects it; the chosen document's counts keep a count a line on a phone.
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { closeBrowserConnection, newConsentedPage, screenshotsAtBothSizes, signUpVerified } from './helpers';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

const PHONE = { width: 390, height: 844 };
/** The danger colour of styles.css (`--color-danger`, #b42318), as computed styles give it. */
const DANGER = 'rgb(180, 35, 24)';

async function openPage(locale: 'en' | 'ar') {
  const page = await newConsentedPage(locale, contexts);
  // No border transitions half-way when a field's colour is read.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

/** Each field of the form: its message (or null), aria-invalid and border colour. */
function fieldsOf(page: Page) {
  return page.locator('main form').evaluate((form) =>
    Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[name]')].map((input) => [
        input.name,
        {
          message: input.closest('.form-field')!.querySelector('.form-field__errors')?.textContent ?? null,
          invalid: input.getAttribute('aria-invalid') === 'true',
          border: getComputedStyle(input).borderTopColor,
        },
      ]),
    ),
  );
}

describe.each(['ar', 'en'] as const)('first-hour walk (%s)', (locale) => {
  it('a refused sign-up marks every refused field red, and a field\'s message goes as soon as it is corrected', async () => {
    const page = await openPage(locale);
    if (locale === 'ar') await page.setViewportSize(PHONE);
    await page.goto('/register');
    await page.locator('main form button[type="submit"]').click();
    await page.locator('.form-field__errors').first().waitFor();
    // Away from the fields: the focus (on the first refused field) draws its own border.
    await page.locator('main h1').click();
    const refused = await fieldsOf(page);
    for (const [name, field] of Object.entries(refused)) {
      expect(field.message, name).not.toBeNull();
      expect(field.invalid, name).toBe(true);
      // The name and e-mail fields (an input placed directly in its field) kept the plain border; only the passwords were red.
      expect(field.border, `${name}: a refused field's border`).toBe(DANGER);
    }
    await screenshotsAtBothSizes(page, `first-hour-walk-register-refused-${locale}`);
    if (locale === 'ar') await page.setViewportSize(PHONE);

    // Typing a name: its "Name is required" goes, with its red border; the other fields, untouched, keep theirs.
    await page.locator('input[name="name"]').fill(locale === 'ar' ? 'هدى سالم' : 'Huda Salem');
    await page.locator('input[name="email"]').fill(`walk-${locale}-${randomBytes(4).toString('hex')}@example.com`);
    await page.locator('main h1').click();
    const corrected = await fieldsOf(page);
    for (const name of ['name', 'email']) {
      expect(corrected[name], name).toMatchObject({ message: null, invalid: false });
      expect(corrected[name]!.border, name).not.toBe(DANGER);
    }
    for (const name of ['password', 'password_confirmation']) expect(corrected[name], name).toMatchObject({ message: refused[name]!.message, invalid: true, border: DANGER });
    await screenshotsAtBothSizes(page, `first-hour-walk-register-corrected-${locale}`);

    // Sent again with the passwords still empty: their messages again, and none under the corrected fields.
    await page.locator('main form button[type="submit"]').click();
    await expect.poll(async () => (await fieldsOf(page)).password?.message ?? null).toBe(refused.password!.message);
    expect((await fieldsOf(page)).name!.message).toBeNull();
    // A field changed and changed back is the value refused: its message shows again.
    await page.locator('input[name="password"]').fill('x');
    expect((await fieldsOf(page)).password!.message).toBeNull();
    await page.locator('input[name="password"]').fill('');
    expect((await fieldsOf(page)).password!.message).toBe(refused.password!.message);

    await page.locator('input[name="password"]').fill('walk-password-1');
    await page.locator('input[name="password_confirmation"]').fill('walk-password-1');
    await page.locator('main form button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/check-email');
  });
});

it('the chosen document\'s name and counts fit its card on a phone, a count and its label on one line (ar)', async () => {
  const page = await openPage('ar');
  await signUpVerified(page, { name: 'هدى سالم', email: `walk-docs-${randomBytes(4).toString('hex')}@example.com`, password: 'walk-password-1' });
  await page.setViewportSize(PHONE);
  await page.goto('/translate/documents');
  await page.getByTestId('document-input').setInputFiles({ name: 'التقرير السنوي.docx', mimeType: 'application/octet-stream', buffer: await sampleDocx() });
  await page.getByTestId('word-count').waitFor();
  const card = await page.getByTestId('file-card').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      counts: [...element.querySelectorAll('.file-card__counts div')].map((count) => ({
        text: (count as HTMLElement).innerText.replace(/\s+/g, ' '),
        height: count.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(count).lineHeight),
        inside: count.getBoundingClientRect().left >= box.left && count.getBoundingClientRect().right <= box.right,
      })),
      name: element.querySelector('.file-card__name')!.getBoundingClientRect().height,
      nameLine: parseFloat(getComputedStyle(element.querySelector('.file-card__name')!).lineHeight),
    };
  });
  expect(card.counts.map((count) => count.text)).toEqual([expect.stringContaining('الكلمات'), expect.stringContaining('الأحرف'), expect.stringContaining('كيلوبايت')]);
  for (const count of card.counts) {
    // «الحجم 13» on one line and «كيلوبايت» on the next, before.
    expect(count.height, `"${count.text}" on more than one line`).toBeLessThan(count.line * 1.5);
    expect(count.inside, `"${count.text}" sticks out of the card`).toBe(true);
  }
  // The file's name «التقرير السنوي.docx» on one line (it broke after «التقرير»).
  expect(card.name).toBeLessThan(card.nameLine * 1.5);
  await screenshotsAtBothSizes(page, 'first-hour-walk-document-card-ar');
});

it.each(['ar', 'en'] as const)('the glossary\'s fields and selects are the forms\' own controls: border, background, height (%s)', async (locale) => {
  const page = await openPage(locale);
  await signUpVerified(page, { name: 'Huda', email: `walk-glossary-${locale}-${randomBytes(4).toString('hex')}@example.com`, password: 'walk-password-1' });
  await page.goto('/glossary');
  await page.getByTestId('glossary-form').waitFor();
  const controls = await page.locator('main').evaluate((main) => {
    // A control of the shared forms (components/form.css `.input`), beside the glossary's, to compare with.
    const reference = document.createElement('input');
    reference.className = 'input';
    main.querySelector('[data-testid="glossary-form"]')!.append(reference);
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`, radius: style.borderTopLeftRadius, weight: style.fontWeight, tall: element.getBoundingClientRect().height >= 44 };
    };
    const shared = look(reference);
    reference.remove();
    return { shared, glossary: Object.fromEntries(['glossary-source', 'glossary-target', 'glossary-direction', 'glossary-domain', 'glossary-filter'].map((id) => [id, look(main.querySelector(`[data-testid="${id}"]`)!)])) };
  });
  // The selects were the browser's grey ones and every control thinner (40px) and differently bordered.
  for (const [id, look] of Object.entries(controls.glossary)) expect(look, id).toEqual(controls.shared);
  await screenshotsAtBothSizes(page, `first-hour-walk-glossary-${locale}`);
});
