import { BRAND_NAMES } from '../i18n/locale';

/**
 * The name as the logos show it, "Lisan | لسان": each half in its own language, so a screen reader
 * reads each in its own voice on either page (an English voice spelled out the Arabic letters),
 * and the bar between them silent.
 */
export function BrandName() {
  return (
    <>
      <span lang="en">{BRAND_NAMES.en}</span> <span aria-hidden="true">|</span> <span lang="ar">{BRAND_NAMES.ar}</span>
    </>
  );
}
