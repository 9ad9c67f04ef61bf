import type { HTMLAttributes } from 'react';
import { valueDirection, type ValueKind } from '../i18n/format';
import { useLanguage } from '../i18n/use-language';

/**
 * A value someone typed (a file's name, an e-mail address, a web address, a person's, team's,
 * key's or site's name), isolated from the text around it in the direction its kind takes
 * (`valueDirection`): a file's name in the page's, an address left to right, a name in its own.
 * The one way the screens show such a value; a sentence that embeds one uses
 * `isolate(value, valueDirection(kind, language))`.
 */
export function Isolated({ kind, children, ...props }: { kind: ValueKind; children: string } & Omit<HTMLAttributes<HTMLElement>, 'dir' | 'children'>) {
  const { language } = useLanguage();
  return (
    <bdi {...props} dir={valueDirection(kind, language)}>
      {children}
    </bdi>
  );
}
