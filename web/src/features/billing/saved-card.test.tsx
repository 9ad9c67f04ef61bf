import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { SavedCard } from './saved-card';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const render = (language: 'en' | 'ar', element: React.ReactElement) => renderMarkup(language, 'billing', <MemoryRouter>{element}</MemoryRouter>);
const card = { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2030, holder_name: 'Layla Ahmad', verified: true, gateway: 'sandbox' };

describe('SavedCard (payment management and membership)', () => {
  it('names the card "VISA •••• 4242" with its expiry, one left-to-right run in Arabic too', async () => {
    for (const [language, expires] of [['en', 'Expires 03/30'], ['ar', 'تنتهي في 03/30']] as const) {
      const html = await render(language, <SavedCard card={card} />);
      expect(html).toContain('<bdi dir="ltr"><span class="billing-card-summary__brand">VISA</span> •••• 4242</bdi>');
      expect(html).toContain(expires);
      // Membership shows the card only: the holder and the 3-D Secure check are payment management's.
      expect(html).not.toContain('Layla Ahmad');
    }
  });

  it('adds the holder and the 3-D Secure check on payment management', async () => {
    const html = await render('en', <SavedCard card={card} details />);
    expect(html).toContain('Expires 03/30 · <bdi dir="auto">Layla Ahmad</bdi> · 3-D Secure verified');
  });
});
