// The translator in the browser, once in English and once in Arabic: a guest translates until
// the quota dialog appears, signs up (the verification link comes from the mail outbox),
// translates, likes, suggests a better translation, finds the translation in the history,
// re-opens it, deletes it, and deletes the whole history after confirming.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, asAdmin, baseUrl, closeBrowserConnection, confirmEmailLink, decodeMail, linkInMail, newContext, SCREENSHOT_DIR, SHOT, screenshotsAtBothSizes, sharedBrowser, waitForMail } from './helpers';

type Locale = 'en' | 'ar';

const TEXT = {
  en: {
    quota: 'Your request quota exceeds the requests limit',
    limitTitle: 'Limit Exceeded',
    copied: 'The translation was copied to the clipboard.',
    dictionaryNotice: 'Offline dictionary',
    suggestionSaved: 'Thank you! Your translation will be used for this sentence from now on.',
    deleted: 'The translation was deleted from your history.',
    deletedAll: 'Your translation history was deleted.',
    historyTitle: 'Translation history',
    corrected: 'Corrected',
    liked: 'Rated good',
    correctionsNote: '1 sentence shows your approved correction instead of the machine translation',
    empty: 'Your translations will appear here.',
    source: 'The company signed the contract. Thank you for the books.',
    secondSource: 'Please send the invoice today.',
    secondSourceWord: 'invoice',
    thirdSource: 'One more, please.',
    suggestion: 'وقّعت الشركة العقد.',
    pickerOptions: ['Sentence 1: \u2068The company signed the…\u2069', 'Sentence 2: \u2068Thank you for the books.\u2069'],
  },
  ar: {
    quota: 'لقد استنفدت ترجماتك المتاحة لهذا اليوم.',
    limitTitle: 'تم تجاوز الحد',
    copied: 'نُسخت الترجمة إلى الحافظة.',
    dictionaryNotice: 'قاموس محلي (دون اتصال بالإنترنت)',
    suggestionSaved: 'شكرًا لك! سنستخدم ترجمتك لهذه الجملة من الآن فصاعدًا.',
    deleted: 'حُذفت الترجمة من سجلك.',
    deletedAll: 'حُذف سجل ترجماتك.',
    historyTitle: 'سجل الترجمات',
    corrected: 'مصحَّحة',
    liked: 'قُيّمت جيدة',
    correctionsNote: 'تعرض جملة واحدة تصحيحك المعتمد بدلًا من الترجمة الآلية',
    empty: 'ستظهر ترجماتك هنا.',
    source: 'ذهب الولد إلى المدرسة. شكرا على الكتاب.',
    secondSource: 'الفاتورة جاهزة اليوم.',
    secondSourceWord: 'الفاتورة',
    thirdSource: 'ترجمة أخرى من فضلك.',
    suggestion: 'The boy went to school.',
    pickerOptions: ['الجملة 1: \u2068ذهب الولد إلى المدرسة.\u2069', 'الجملة 2: \u2068شكرا على الكتاب.\u2069'],
  },
} as const;

const contexts: BrowserContext[] = [];
afterAll(async () => {
  // Guests share one IP across the browser files: the seeded quota is put back for the files after this one.
  await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '20' });
  await Promise.all(contexts.map((context) => context.close()));
  await closeBrowserConnection();
});

async function openPage(locale: Locale, path = '/'): Promise<Page> {
  const context = await newContext(locale);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await context.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted')); // no banner over the translator
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** A screenshot of what the person sees: the viewport, scrolled to `focus` when given. */
async function screenshot(page: Page, name: string, focus?: Locator) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.jpg`), ...SHOT });
}

/** Types a text and translates it with the button, or with Ctrl+Enter. */
async function translate(page: Page, text: string, how: 'button' | 'keyboard' = 'button') {
  const input = page.getByTestId('source-text');
  await input.fill(text);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
  if (how === 'keyboard') await input.press('Control+Enter');
  else await page.getByTestId('translate').click();
  return (await answer).status();
}

/** The verified account the rest of the run uses: signed up through the API, verified from the outbox. */
async function signUp(page: Page, locale: Locale) {
  const email = `translate-e2e-${locale}-${randomBytes(4).toString('hex')}@example.com`;
  const { status } = await apiCall(page, 'POST', '/mt/register', { name: 'Translator Tester', email, password: 'e2e-password-1', password_confirmation: 'e2e-password-1', locale });
  expect(status).toBe(201);
  const mail = decodeMail(await waitForMail(email, (raw) => decodeMail(raw).includes('/email/verify/')));
  await confirmEmailLink(page, linkInMail(mail, '/email/verify/'), 'verified');
}

describe.each(['en', 'ar'] as const)('the translator in the browser (%s)', (locale) => {
  const text = TEXT[locale];
  const target = locale === 'en' ? 'ar' : 'en';

  // One person's way through the translator, in three steps that go on in the same page (each its own test, so
  // that each has the whole test timeout): as a guest, then signed up, then in the history.
  let page: Page;
  let machineFirst = '';

  it('a guest translates until the quota dialog', async () => {
    // Guests share one IP across the browser files (their count is not ours to know): the quota is
    // lifted for the two translations, then lowered under what was used for the third.
    await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '100000' });
    page = await openPage(locale, '/');
    const translator = page.getByTestId('translator');
    await translator.waitFor();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('guest-prompt').waitFor();
    // The LLM switch is locked for guests, with the reason and a link to the plans.
    expect(await page.getByTestId('llm-switch').isDisabled()).toBe(true);
    expect(await page.getByTestId('llm-locked').getAttribute('data-reason')).toBe('guest');
    expect(await page.getByTestId('llm-upgrade').getAttribute('href')).toBe('/pricing');
    // The beta notice's "Order a human translation" opens the order form (not the contact page). On the home page the
    // hero says it, and the translator under it does not repeat it.
    expect(await page.getByTestId('beta-order-link').getAttribute('href')).toBe('/human-translation');
    expect(await translator.getByTestId('translator-order-link').count()).toBe(0);

    // Guest: two translations (button, then Ctrl+Enter), sentence by sentence.
    expect(await translate(page, text.source)).toBe(200);
    await expect.poll(() => page.getByTestId('target-sentence').count()).toBe(2);
    expect(await page.getByTestId('translation-output').getAttribute('lang')).toBe(target);
    expect(await page.getByTestId('engine-notice').innerText()).toContain(text.dictionaryNotice);
    // Hovering a translated sentence highlights it and its source sentence.
    await page.getByTestId('target-sentence').nth(1).hover();
    await expect.poll(() => page.getByTestId('target-sentence').nth(1).getAttribute('class')).toContain('sentence--active');
    expect(await page.locator('.sentence-mark--active').innerText()).toBe(text.source.split(/(?<=[.!?؟])\s/)[1]);
    await screenshot(page, `translate-${locale}-01-guest-result`, translator);
    // Swapping clears the result but not the count of free translations left.
    const left = await page.getByTestId('guest-left').innerText();
    await page.getByTestId('swap').click();
    await expect.poll(() => page.getByTestId('target-sentence').count()).toBe(0);
    expect(await page.getByTestId('guest-left').innerText()).toBe(left);
    await page.getByTestId('swap').click();
    // A text over the character limit: said in words under the red counter, and Translate (and
    // Ctrl+Enter) wait until it fits, rather than asking the server for a refusal.
    const limit = Number(/\/\s*([\d,]+)/.exec(await page.getByTestId('char-counter').innerText())![1]!.replace(/,/g, ''));
    await page.getByTestId('source-text').fill(`${text.source} `.repeat(Math.ceil((limit + 1) / (text.source.length + 1))));
    await expect.poll(() => page.getByTestId('char-over').innerText()).toContain(locale === 'ar' ? `النص أطول من الحد المسموح لك، وهو ${limit.toLocaleString('en-US')}` : `The text is longer than your limit of ${limit.toLocaleString('en-US')} characters.`);
    expect(await page.getByTestId('translate').isDisabled()).toBe(true);
    let sent = 0;
    const count = (request: { url(): string }) => void (request.url().endsWith('/api/translate') && sent++);
    page.on('request', count);
    await page.getByTestId('source-text').press('Control+Enter');
    await screenshot(page, `translate-${locale}-01b-over-limit`, translator);
    page.off('request', count);
    expect(sent).toBe(0);
    expect(await translate(page, text.secondSource, 'keyboard')).toBe(200);
    expect(await page.getByTestId('char-over').count()).toBe(0);
    await asAdmin('/api/admin/update-site-settings', { guest_text_quota: '1' });

    // The third is over the quota: the limit dialog with its type and the spec's message.
    expect(await translate(page, text.thirdSource)).toBe(402);
    const dialog = page.getByTestId('limit-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-limit-type')).toBe('request_quota');
    expect(await dialog.innerText()).toContain(text.quota);
    expect(await page.locator('dialog[open] .dialog__title').innerText()).toBe(text.limitTitle);
    await screenshot(page, `translate-${locale}-02-guest-quota`);
    await page.locator('dialog[open] .dialog__actions button').click();
  });

  it('signs up, translates, likes and suggests; memory answers with the correction from then on', async () => {
    // Sign up (verified from the outbox) and translate as a user.
    const translator = page.getByTestId('translator');
    await signUp(page, locale);
    await page.goto('/translate');
    await translator.waitFor();
    expect(await page.getByTestId('guest-prompt').count()).toBe(0);
    // The translator's own page has the beta notice under the translator, with the same link.
    expect(await page.getByTestId('translator-order-link').getAttribute('href')).toBe('/human-translation');
    // The trial has no LLM mode: the switch says so.
    await expect.poll(() => page.getByTestId('llm-locked').getAttribute('data-reason')).toBe('not_in_plan');
    expect(await page.getByTestId('llm-locked').innerText()).toContain(locale === 'ar' ? 'لا تشمل باقتك' : 'Your plan does not include LLM mode.');
    await page.getByTestId('domain').selectOption('legal');
    expect(await translate(page, text.source, 'keyboard')).toBe(200);
    await expect.poll(() => page.getByTestId('target-sentence').count()).toBe(2);

    // Copy, like.
    await page.getByTestId('copy').click();
    await expect.poll(() => page.getByTestId('action-status').innerText()).toBe(text.copied);
    await page.getByTestId('like').click();
    await expect.poll(() => page.getByTestId('like').getAttribute('aria-pressed')).toBe('true');

    // Suggest a better translation of the first sentence: the dialog shows the original.
    machineFirst = await page.getByTestId('target-sentence').first().innerText();
    await page.getByTestId('suggest').click();
    const suggest = page.getByTestId('suggest-dialog');
    await suggest.waitFor();
    expect(await page.getByTestId('suggest-original').innerText()).toBe(text.source.split(/(?<=[.!?؟])\s/)[0]);
    // The sentence picker names each sentence in a line a phone's select holds, isolated (the whole sentence is shown below it).
    expect(await suggest.locator('select option').evaluateAll((options) => options.map((option) => option.textContent))).toEqual(text.pickerOptions);
    await screenshot(page, `translate-${locale}-03-suggest`);
    await page.getByTestId('suggest-text').fill(text.suggestion);
    await suggest.locator('button[type="submit"]').click();
    const success = page.locator('dialog.dialog--success[open]');
    await success.waitFor();
    expect(await success.innerText()).toContain(text.suggestionSaved);
    await success.getByRole('button').click();
    expect(await page.getByTestId('target-sentence').first().innerText()).toBe(text.suggestion);
    // The corrected sentence is marked at once, the machine's words beside it.
    expect(await page.getByTestId('target-sentence').first().getAttribute('data-corrected')).toBe('');
    expect(await page.getByTestId('correction').innerText()).toContain(machineFirst);

    // The translation memory answers the same sentence with the suggestion from now on (the liked one with the like,
    // which tells the new answer from the one on the screen), and lists it as the approved correction it is, the
    // machine's words first, as in the text it was made in.
    expect(await translate(page, text.source)).toBe(200);
    await expect.poll(() => page.getByTestId('target-sentence').nth(1).getAttribute('data-origin')).toBe('memory');
    const answered = page.getByTestId('target-sentence').first();
    expect(await answered.innerText()).toBe(text.suggestion);
    expect(await answered.getAttribute('data-origin')).toBe('memory-correction');
    expect(await answered.getAttribute('data-corrected')).toBe('');
    expect(await answered.getAttribute('title')).toContain(machineFirst);
    expect(await page.getByTestId('corrections-note').innerText()).toContain(text.correctionsNote);
    expect(await page.getByTestId('correction-machine').innerText()).toBe(machineFirst);
    expect(await page.getByTestId('correction-target').innerText()).toBe(`${locale === 'ar' ? '←' : '→'} ${text.suggestion}`);
    // The liked sentence is not a correction: memory's own note stays for it.
    expect(await page.getByTestId('engine-notice').getAttribute('data-engine')).toBe('memory');
    await screenshot(page, `translate-${locale}-04-user-result`, translator);
    await screenshotsAtBothSizes(page, `translate-${locale}-04b-memory-correction`, { width: 1280, height: 800 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `translate-${locale}-04c-memory-correction-phone-note`, page.getByTestId('engine-notice'));
    await page.setViewportSize({ width: 1280, height: 800 });
    // Another text, which the history's search tells apart from the first. The last action's message ("Copied") does
    // not outlive the result it was about: the new result's status line is empty.
    await page.getByTestId('copy').click();
    await expect.poll(() => page.getByTestId('action-status').innerText()).toBe(text.copied);
    expect(await translate(page, text.secondSource)).toBe(200);
    await expect.poll(() => page.getByTestId('target-sentence').first().innerText()).not.toBe(text.suggestion);
    expect(await page.getByTestId('action-status').innerText()).toBe('');
  });

  it('finds the translations in the history, searches, re-opens one and deletes them', async () => {
    // History: find it, search as the user types and with Enter, re-open, delete one, delete all.
    await page.goto('/user/translation-history');
    await page.getByTestId('history-page').waitFor();
    expect(await page.locator('h1').innerText()).toBe(text.historyTitle);
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(3);

    // Searched as the user types, without Enter or the button: once the typing pauses, not at every keystroke. The
    // words are the address (a reload keeps them), and new words start on page 1 (here from an empty page 2).
    const searches: string[] = [];
    const listSearches = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/user/translation-history' && url.searchParams.has('q')) searches.push(url.searchParams.get('q')!);
    };
    page.on('request', listSearches);
    await page.goto('/user/translation-history?page=2');
    await page.locator('.history-page__empty').waitFor();
    const searchBox = page.getByTestId('history-search');
    const titles = () => page.getByTestId('history-entry').locator('.history-entry__title').allInnerTexts();
    const address = () => new URL(page.url()).searchParams;
    await searchBox.pressSequentially(text.secondSourceWord, { delay: 20 });
    await expect.poll(() => address().get('q')).toBe(text.secondSourceWord);
    expect(address().get('page')).toBeNull();
    await expect.poll(titles).toEqual([text.secondSource]);
    expect(await searchBox.inputValue()).toBe(text.secondSourceWord);
    expect(searches.at(-1)).toBe(text.secondSourceWord);
    expect(searches.length, `asked ${searches.length} times for ${text.secondSourceWord.length} keystrokes`).toBeLessThan(4);
    await screenshotsAtBothSizes(page, `translate-${locale}-05a-history-typed`);
    await page.reload();
    await expect.poll(titles).toEqual([text.secondSource]);
    expect(await searchBox.inputValue()).toBe(text.secondSourceWord);
    expect(address().get('q')).toBe(text.secondSourceWord);
    // Clearing the box shows every entry again.
    await searchBox.fill('');
    await expect.poll(() => address().has('q')).toBe(false);
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(3);
    expect(searches.at(-1)).toBe(text.secondSourceWord);
    page.off('request', listSearches);

    // Words that find nothing: the way back is clearing them (not "Start translating"); the box empties with them.
    await searchBox.fill('zzqxw');
    await page.getByTestId('history-search-clear').click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(3);
    expect(await searchBox.inputValue()).toBe('');
    expect(address().has('q')).toBe(false);

    // Enter searches at once.
    await page.getByTestId('history-search').fill(text.source.split(' ')[1]!);
    await page.getByTestId('history-search').press('Enter');
    await expect.poll(() => page.url()).toContain('q=');
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(2);
    // The first translation shows the approved correction and the like, not as machine output; the second, which
    // translation memory answered, the same correction (memory's), and no reaction (none was given to it).
    const [second, first] = [page.getByTestId('history-entry').nth(0), page.getByTestId('history-entry').nth(1)];
    expect(await first.getByTestId('history-corrected').innerText()).toBe(text.corrected);
    expect(await first.getByTestId('history-reaction').allInnerTexts()).toEqual([text.liked]);
    expect(await first.getByTestId('history-reaction').getAttribute('data-reaction')).toBe('like');
    expect(await second.getByTestId('history-corrected').innerText()).toBe(text.corrected);
    expect(await second.getByTestId('history-reaction').count()).toBe(0);
    await screenshotsAtBothSizes(page, `translate-${locale}-05-history`);

    // Re-opened, the corrected sentence is marked and the machine's translation of it is named; the like is kept.
    await first.getByTestId('history-open').click();
    await expect.poll(() => page.url()).toContain('/translate?project=');
    await expect.poll(() => page.getByTestId('source-text').inputValue()).toBe(text.source);
    expect(await page.getByTestId('target-sentence').first().innerText()).toBe(text.suggestion);
    expect(await page.locator('[data-testid="target-sentence"][data-corrected]').count()).toBe(1);
    expect(await page.getByTestId('target-sentence').first().getAttribute('title')).toContain(machineFirst);
    expect(await page.getByTestId('corrections-note').innerText()).toContain(text.correctionsNote);
    const correction = await page.getByTestId('correction').innerText();
    expect(correction).toContain(machineFirst);
    expect(correction).toContain(text.suggestion);
    // Two lines in the page's direction, the arrow leading the correction (not stranded on a line of its own).
    const lines = await page.getByTestId('correction').evaluate((item) =>
      [item.querySelector('[data-testid="correction-machine"]')!, item.querySelector('[data-testid="correction-target"]')!].map((line) => ({
        display: getComputedStyle(line).display,
        direction: getComputedStyle(line).direction,
        text: (line as HTMLElement).innerText,
      })),
    );
    expect(lines.map((line) => [line.display, line.direction])).toEqual([['block', locale === 'ar' ? 'rtl' : 'ltr'], ['block', locale === 'ar' ? 'rtl' : 'ltr']]);
    expect(lines[0]!.text).toBe(machineFirst);
    expect(lines[1]!.text).toBe(`${locale === 'ar' ? '←' : '→'} ${text.suggestion}`);
    expect(await page.getByTestId('like').getAttribute('aria-pressed')).toBe('true');
    await screenshotsAtBothSizes(page, `translate-${locale}-05b-reopened-corrected`);
    await page.goBack();

    await page.getByTestId('history-entry').first().waitFor();
    await page.getByTestId('history-delete').first().click();
    const deleted = page.locator('dialog.dialog--success[open]');
    await deleted.waitFor();
    expect(await deleted.innerText()).toContain(text.deleted);
    await deleted.getByRole('button').click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(1);
    // The focus goes to the entry that took the deleted one's place (its title names it), not to the page's main region.
    await expect.poll(() => page.getByTestId('history-entry').first().locator('.history-entry__title').evaluate((title) => title === document.activeElement)).toBe(true);

    await page.getByTestId('history-delete-all').click();
    const confirm = page.getByTestId('confirm-delete-all');
    await confirm.waitFor();
    await screenshot(page, `translate-${locale}-06-confirm-delete-all`);
    await confirm.locator('button[type="submit"]').click();
    const done = page.locator('dialog.dialog--success[open]');
    await done.waitFor();
    expect(await done.innerText()).toContain(text.deletedAll);
    await done.getByRole('button').click();
    await expect.poll(() => page.locator('.history-page__empty').innerText()).toContain(text.empty);
    await screenshot(page, `translate-${locale}-07-history-empty`);
  });

  it('names the keyboard shortcut beside Translate where there is a keyboard, and not on a touch phone', async () => {
    const page = await openPage(locale, '/');
    const hint = page.getByTestId('translate-shortcut');
    await hint.waitFor();
    // The keys as one left-to-right run inside the sentence (an isolate), in either language.
    expect(await hint.innerText()).toContain(locale === 'en' ? 'or press \u2068Ctrl + Enter\u2069' : 'أو اضغط \u2068Ctrl + Enter\u2069');
    const phone = await (await sharedBrowser()).newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: locale === 'ar' ? 'ar-SA' : 'en-US' });
    contexts.push(phone);
    await phone.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
    await phone.addInitScript(() => localStorage.setItem('lisan.consent', 'accepted'));
    const onPhone = await phone.newPage();
    await onPhone.goto('/');
    await onPhone.getByTestId('translate').waitFor();
    expect(await onPhone.getByTestId('translate-shortcut').isVisible()).toBe(false);
  });

  it('a correction is reused for the same sentence with another number, marked for review', async () => {
    const numbered = locale === 'en'
      ? { first: 'Chapter 3 of the report is ready.', correction: 'الفصل 3 من التقرير أصبح جاهزًا.', second: 'Chapter 4 of the report is ready.', reused: 'الفصل 4 من التقرير أصبح جاهزًا.', notice: '1 sentence comes from your translation memory' }
      : { first: 'الفصل 3 من التقرير جاهز.', correction: 'Chapter 3 of the report is ready.', second: 'الفصل 4 من التقرير جاهز.', reused: 'Chapter 4 of the report is ready.', notice: 'جملة واحدة من ذاكرة ترجماتك' };
    const page = await openPage(locale, '/');
    await signUp(page, locale);
    await page.goto('/translate');
    await page.getByTestId('translator').waitFor();
    expect(await translate(page, numbered.first)).toBe(200);
    const machine = await page.getByTestId('target-sentence').first().innerText();
    // A correction of the machine's very words would be none (nothing to list): the word-by-word gloss of this sentence can be one.
    expect(machine).not.toBe(numbered.correction);
    await page.getByTestId('suggest').click();
    await page.getByTestId('suggest-dialog').waitFor();
    await page.getByTestId('suggest-text').fill(numbered.correction);
    await page.getByTestId('suggest-dialog').locator('button[type="submit"]').click();
    const saved = page.locator('dialog.dialog--success[open]');
    await saved.waitFor();
    await saved.getByRole('button').click();

    // Only the number differs: memory answers with the new number, and the sentence is marked.
    expect(await translate(page, numbered.second)).toBe(200);
    const sentence = page.getByTestId('target-sentence').first();
    await expect.poll(() => sentence.innerText()).toBe(numbered.reused);
    expect(await sentence.getAttribute('data-origin')).toBe('memory-fuzzy');
    expect(await sentence.getAttribute('title')).toBeTruthy();
    expect(await page.getByTestId('memory-fuzzy-notice').innerText()).toContain(numbered.notice);
    await screenshotsAtBothSizes(page, `translate-${locale}-08-memory-fuzzy`);

    // The very sentence again: the correction, listed as one with the machine's words. Every sentence is a listed
    // correction, so no engine or memory note is left to say where the translation came from.
    expect(await translate(page, numbered.first)).toBe(200);
    await expect.poll(() => sentence.getAttribute('data-origin')).toBe('memory-correction');
    expect(await sentence.innerText()).toBe(numbered.correction);
    expect(await page.getByTestId('correction-machine').innerText()).toBe(machine);
    expect(await page.getByTestId('correction-target').innerText()).toBe(`${locale === 'ar' ? '←' : '→'} ${numbered.correction}`);
    expect(await page.getByTestId('engine-notice').count()).toBe(0);
    await screenshotsAtBothSizes(page, `translate-${locale}-09-memory-correction-only`, { width: 1280, height: 800 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `translate-${locale}-09b-memory-correction-only-phone-note`, page.getByTestId('corrections-note'));
  });
});

describe.each(['en', 'ar'] as const)('the LLM switch\'s "See the plans" link (%s)', (locale) => {
  it('is a 24 × 24 px target at least (WCAG 2.5.8), still inside its sentence, desktop and phone', async () => {
    const page = await openPage(locale, '/translate');
    const link = page.getByTestId('llm-upgrade');
    await link.waitFor();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const box = (await link.boundingBox())!;
      expect(box.height, `${viewport.width}`).toBeGreaterThanOrEqual(24);
      expect(box.width, `${viewport.width}`).toBeGreaterThanOrEqual(24);
      const sentence = (await page.getByTestId('llm-locked').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(sentence.y - 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(sentence.y + sentence.height + 0.5);
    }
    await screenshotsAtBothSizes(page, `translate-llm-upgrade-target-${locale}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.language-bar').screenshot({ path: path.join(SCREENSHOT_DIR, `translate-llm-upgrade-target-bar-${locale}.jpg`), ...SHOT });
  });
});
